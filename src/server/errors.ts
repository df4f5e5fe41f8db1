/** Envelope codes (DESIGN.md §3). 200001 is success; 401001/401200 make the client log out. */
export const Codes = {
  SUCCESS: 200001,
  GENERIC: 0,
  VALIDATION: 400001,
  NEED_LOGIN: 401001,
  LOGIN_FAILED: 401100,
  SESSION_EXPIRED: 401200,
  FORBIDDEN: 403001,
  MEMBER_CENTER_CLOSED: 403002,
  CROSS_ORIGIN: 403003,
  ACCOUNT_DISABLED: 403004,
  NOT_FOUND: 404001,
  CONFLICT: 409001,
  TOO_LARGE: 413001,
  UNSUPPORTED_MEDIA: 415001,
  TOO_MANY: 429001,
  SERVER_ERROR: 500001,
} as const;

export interface DomainErrorInit {
  status?: number;
  code?: number;
  field?: string;
  params?: Record<string, string | number>;
  /** Field name → message key, for validation errors. */
  errors?: Record<string, string>;
}

/**
 * A failure the caller can act on. `key` is an i18n message key (i18n/<locale>/api.ts); the API
 * turns it into the envelope, pages into a message.
 */
export class DomainError extends Error {
  readonly key: string;
  readonly status: number;
  readonly code: number;
  readonly field?: string;
  readonly params?: Record<string, string | number>;
  readonly errors?: Record<string, string>;

  constructor(key: string, init: DomainErrorInit = {}) {
    super(key);
    this.name = 'DomainError';
    this.key = key;
    this.status = init.status ?? 400;
    this.code = codeForStatus(this.status, init.code);
    this.field = init.field;
    this.params = init.params;
    this.errors = init.errors;
  }
}

/**
 * The envelope code of a refusal always carries its HTTP status (DESIGN.md §3): 400 → 400001,
 * 404 → 404001, … A more precise code of the same status (401200, 403002) is kept; a missing one,
 * `0`, or one of another status becomes `status * 1000 + 1`.
 */
export function codeForStatus(status: number, code?: number): number {
  if (status < 400) return code ?? Codes.SUCCESS;
  return code !== undefined && Math.floor(code / 1000) === status ? code : status * 1000 + 1;
}

/** A missing, deleted or someone else's record: 404, 404001, 'Record not found'. */
export const recordNotFound = () => new DomainError('notFoundRecord', { status: 404, code: Codes.NOT_FOUND });

export const isDomainError = (e: unknown): e is DomainError => e instanceof DomainError;

/** Not logged in, or the token is unknown (401001). */
export const needLogin = () => new DomainError('auth.needLogin', { status: 401, code: Codes.NEED_LOGIN });
/**
 * The member's session ended because the account was disabled: 401001 (the client logs out) with
 * 'This account has been disabled'.
 */
export const accountDisabledLogout = () => new DomainError('auth.accountDisabled', { status: 401, code: Codes.NEED_LOGIN });
/** Not logged in for the given reason: expired → 401200, disabled → 401001 saying so, else 401001. */
export const noSession = (problem: string | undefined) =>
  problem === 'expired' ? sessionExpired() : problem === 'disabled' ? accountDisabledLogout() : needLogin();
/** The session expired (401200). */
export const sessionExpired = () => new DomainError('auth.expired', { status: 401, code: Codes.SESSION_EXPIRED });
/** The member's group lacks the rule: 'You do not have permission to operate!'. */
export const forbidden = () => new DomainError('forbidden', { status: 403, code: Codes.FORBIDDEN });
export const memberCenterClosed = () => new DomainError('memberCenterClosed', { status: 403, code: Codes.MEMBER_CENTER_CLOSED });

/** Validation failure; the first failing field names the error. `errors`: field → message key. */
export function validationError(errors: Record<string, string>): DomainError {
  const field = Object.keys(errors)[0];
  return new DomainError(errors[field], { status: 400, code: Codes.VALIDATION, field, errors });
}
