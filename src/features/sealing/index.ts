/** File sealing (issue #13): seals, sealing jobs, sealed files and their public verification. */
export { seedSealingDemo } from './demo';
export { inspectPdf, previewPage, sealLimits, SEALFILE_TOPIC } from './documents';
export { detailOf, getSealedFile, listSealedFiles, type PublicFile, verifyCode, verifyHash, verifyPerMinute } from './files';
export { drainJobs, settleJobs } from './job-runner';
export { sealingRouter } from './router';
export { VERIFY_FILE_PATH } from './verify-routes';
export * from './schemas';
export { listSeals, operatorListSeals, sealOwnerOf, type OperatorSealView, type SealView } from './seals';
