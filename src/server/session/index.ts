/**
 * Who is asking: credentials (header or cookie), the session cookies, the client IP, token rows
 * and signed links, signing out, and the gates handlers call first (`requireMember(c)`,
 * `requireRule(c, name)`, `requireOperator(c, name)`). The JSON API and the HTML form endpoints
 * both use this module, so they obey the same checks.
 */
export { clearSessionCookies, setRefreshCookie, setSignatureCookie, setTokenCookie } from './cookies';
export {
  API_BASE,
  clientIp,
  isHttps,
  readCredentials,
  REFRESH_COOKIE,
  requestMeta,
  SIGNATURE_COOKIE,
  TOKEN_COOKIE,
  usesCookieAuth,
  type Credentials,
} from './credentials';
export { listSessions, revokeOtherSessions, revokeSessionById, type SessionInfo } from './devices';
export { requireMember, requireOpenCentre, requireOperator, requireRule, type MemberGate } from './gates';
export { redeemSignature, resolveRequestSession } from './request';
export { lookupToken, resolveSession, type ResolvedSession, type SessionProblem } from './resolve';
export { createSignature, DEFAULT_LINK_TTL, getSigningSecret, verifySignaturePayload, type SignaturePayload } from './signature';
export { revokeSession, signOut } from './sign-out';
export * from './tokens';
export {
  endViewAs,
  findViewAs,
  recordViewAsPage,
  resolveViewAs,
  startViewAs,
  VIEW_AS_COOKIE,
  VIEW_AS_PAGES_MAX,
  VIEW_AS_RULE,
  VIEW_AS_TTL,
  viewAsRecords,
  viewAsRefusesWrite,
  type ViewAsRecord,
} from './view-as';
