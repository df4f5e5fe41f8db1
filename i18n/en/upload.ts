import type { UploadFieldText } from '../zh-cn/upload';

/** Texts of the upload field (src/islands/upload-field.tsx); the check messages match the API's (spec §5). */
const messages: UploadFieldText = {
  choose: 'Choose a file',
  uploading: 'Uploading',
  cancel: 'Cancel',
  remove: 'Remove',
  done: 'Uploaded',
  incomplete: 'The data of the uploaded file is incomplete!',
  typeNotAllowed: 'The type of uploaded file is not allowed!',
  tooLarge: 'The size of the uploaded file exceeds the allowed range!',
  failed: 'The upload failed, please try again',
};

export default messages;
