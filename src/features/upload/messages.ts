/** Messages of the upload API, per language (merged into the API's table). Spec §5 wording. */
export default {
  'zh-cn': {
    upload: {
      incomplete: '上传的文件数据不完整！',
      typeNotAllowed: '上传的文件类型不被允许！',
      tooLarge: '上传的文件大小超出允许范围！',
      contentMismatch: '上传的文件内容与其类型不符！',
      imageTooLarge: '图片尺寸超出允许范围！',
      imageUnreadable: '图片无法解码，文件可能已损坏！',
      topic: '存储目录只能包含字母、数字、下划线和短横线（最多 20 个字符）',
      uploaded: '文件上传成功',
      notInStore: '存储中找不到上传的文件，请重新上传',
      storeError: '文件存储服务出错，请稍后重试',
      notDirect: '未启用直传到对象存储',
      kind: {
        sheet: '文件不是表格：请上传 CSV 或 XLSX 文件',
        pdf: '文件不是 PDF：请上传 PDF 文件',
        image: '文件不是图片：请上传 PNG、JPEG、GIF、WebP 或 BMP 图片',
        image_pdf: '文件必须是图片（PNG、JPEG、GIF、WebP、BMP）或 PDF',
      },
    },
  },
  en: {
    upload: {
      incomplete: 'The data of the uploaded file is incomplete!',
      typeNotAllowed: 'The type of uploaded file is not allowed!',
      tooLarge: 'The size of the uploaded file exceeds the allowed range!',
      contentMismatch: 'The content of the uploaded file does not match its type!',
      imageTooLarge: 'The image dimensions exceed the allowed range!',
      imageUnreadable: 'The image could not be decoded; the file may be damaged!',
      topic: 'The storage folder may hold only letters, digits, underscores and dashes (at most 20 characters)',
      uploaded: 'File uploaded successfully',
      notInStore: 'The uploaded file was not found in storage, please upload it again',
      storeError: 'The file storage service failed, please try again later',
      notDirect: 'Direct upload to object storage is not enabled',
      kind: {
        sheet: 'This file is not a spreadsheet: upload a CSV or XLSX file',
        pdf: 'This file is not a PDF: upload a PDF file',
        image: 'This file is not an image: upload a PNG, JPEG, GIF, WebP or BMP image',
        image_pdf: 'The file must be an image (PNG, JPEG, GIF, WebP, BMP) or a PDF',
      },
    },
  },
};
