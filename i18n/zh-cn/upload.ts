/** Texts of the upload field (src/islands/upload-field.tsx); the check messages match the API's (spec §5). */
const messages = {
  choose: '选择文件',
  uploading: '上传中',
  cancel: '取消',
  remove: '移除',
  done: '上传完成',
  incomplete: '上传的文件数据不完整！',
  typeNotAllowed: '上传的文件类型不被允许！',
  tooLarge: '上传的文件大小超出允许范围！',
  failed: '上传失败，请重试',
};

export type UploadFieldText = typeof messages;
export default messages;
