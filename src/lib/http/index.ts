/** The browser HTTP helper: see request.ts for the rules, tokens.ts for the token decision. */
export { http, request } from './request';
export { DEFAULT_TIMEOUT, type ApiResponse, type Method, type RequestOptions } from './options';
export { CANCEL_MESSAGE, RETRY_STATUSES, TIMEOUT_MESSAGE, UNSAFE_METHODS, inFlightCount } from './transport';
export { failureMessage, LOGIN_CODES, SUCCESS_CODE } from './outcome';
export { ApiError, isApiError, isCancel, isNetworkError, isTimeout, type ApiErrorKind } from './errors';
export { flattenParams, toQueryString, withParams, type Params } from './params';
export { tokenStore, type ClientTokens } from './tokens';
export { LOGIN_PATH, goToLogin, loginUrl, navigate } from './navigate';
export {
  ENVELOPE_MESSAGE_STATUSES,
  httpErrorMessage,
  pageLang,
  requestMessages,
  statusMessage,
  type RequestLang,
} from './messages';
