/** The browser HTTP helper: see request.ts for the rules, tokens.ts for the token decision. */
export {
  ApiError,
  CANCEL_MESSAGE,
  DEFAULT_TIMEOUT,
  LOGIN_CODES,
  RETRY_STATUSES,
  SUCCESS_CODE,
  TIMEOUT_MESSAGE,
  UNSAFE_METHODS,
  http,
  inFlightCount,
  isApiError,
  isCancel,
  isNetworkError,
  isTimeout,
  request,
  type ApiErrorKind,
  type ApiResponse,
  type Method,
  type RequestOptions,
} from './request';
export { flattenParams, toQueryString, withParams, type Params } from './params';
export { tokenStore, type ClientTokens } from './tokens';
export { LOGIN_PATH, goToLogin, loginUrl, navigate, setNavigator } from './navigate';
export {
  ENVELOPE_MESSAGE_STATUSES,
  httpErrorMessage,
  pageLang,
  requestMessages,
  statusMessage,
  type RequestLang,
} from './messages';
