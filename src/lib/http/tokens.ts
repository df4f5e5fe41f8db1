/**
 * Client token store: the auth and signature tokens the helper sends as `ba-user-token` and
 * `ba-user-signature` headers.
 *
 * Decision: in this portal the browser's real tokens are HttpOnly cookies set by the API
 * (`ba-user-token`, `ba-user-signature`), which script cannot read, and every request goes out
 * with `credentials: 'same-origin'`, so the cookies carry them. This store is therefore normally
 * EMPTY and the headers are not sent; it exists for callers that hold a token in memory (a
 * signed-link flow handing one to script, tests, a future non-cookie client). "Clearing the
 * tokens" (401001 / 401200 / data.type 'need login') clears this store; the server-side cookie is
 * already invalid at that point, and the helper then navigates to the login page.
 */
export interface ClientTokens {
  token?: string;
  signature?: string;
}

let tokens: ClientTokens = {};

export const tokenStore = {
  get(): Readonly<ClientTokens> {
    return tokens;
  },
  set(next: ClientTokens): void {
    tokens = { ...tokens, ...next };
  },
  clear(): void {
    tokens = {};
  },
};
