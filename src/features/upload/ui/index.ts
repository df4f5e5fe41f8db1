/**
 * The upload area's screen surface: the upload field, a client component every area's forms use
 * (server and client components import it from here). Only client code and types: nothing here
 * reaches the server's upload handling.
 */
export { type UploadedFile, UploadField, type UploadFieldProps, type UploadFieldRules } from './upload-field';
