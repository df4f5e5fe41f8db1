/**
 * Proof of cover (在保证明, issue #30 item 4): certificates for one day of a policy in force, their
 * PDF with a check code and QR code, revoking, and the public check by code.
 */
export {
  type CoverCertificate,
  type CoverPerson,
  canIssue,
  certificateCode,
  certificateView,
  createCertificate,
  findVisibleCertificate,
  listCertificates,
  revokeCertificate,
} from './certificates';
export { formatCode, hashCode, maskId, normalizeCode } from './codes';
export { seedCoverDemo } from './demo';
export { certificateDocument, certificatePdf, portalUrl, verifyUrl } from './pdf';
export { coverRouter } from './router';
export { coverVerifyPerMinute, type VerifiedCertificate, type VerifiedPerson, verifyCover, type VerifyResult } from './verify';
