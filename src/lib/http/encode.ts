/** What goes on the wire: the request body and the headers the API expects (spec §7). */
import { flattenParams, type Params } from './params';
import { tokenStore } from './tokens';

function isRawBody(v: unknown): v is BodyInit {
  return (
    typeof v === 'string' ||
    (typeof FormData !== 'undefined' && v instanceof FormData) ||
    (typeof Blob !== 'undefined' && v instanceof Blob) ||
    (typeof URLSearchParams !== 'undefined' && v instanceof URLSearchParams) ||
    v instanceof ArrayBuffer ||
    ArrayBuffer.isView(v)
  );
}

/** An encoded body, its content type, and its share of the de-duplication key. */
export interface Encoded {
  body: BodyInit | undefined;
  contentType: string | null;
  /** Part of the de-duplication key; null = cannot be compared (never de-duplicated). */
  key: string | null;
}

/** Plain values as JSON (or a flattened urlencoded form with `form`); raw bodies as they are. */
export function encodeBody(data: unknown, form: boolean | undefined): Encoded {
  if (data === undefined) return { body: undefined, contentType: null, key: '' };
  if (typeof data === 'string') return { body: data, contentType: null, key: data };
  if (data instanceof URLSearchParams) return { body: data, contentType: null, key: data.toString() };
  if (isRawBody(data)) return { body: data, contentType: null, key: null };
  if (form) {
    const body = new URLSearchParams(flattenParams(data as Params)).toString();
    return { body, contentType: 'application/x-www-form-urlencoded;charset=UTF-8', key: body };
  }
  const body = JSON.stringify(data);
  return { body, contentType: 'application/json', key: body };
}

/** The API's headers, read at call time (page language, client tokens); `extra` wins. */
export function buildHeaders(extra: Record<string, string> | undefined, contentType: string | null): Headers {
  const h = new Headers();
  h.set('accept', 'application/json, text/plain, */*');
  h.set('server', 'true');
  h.set('equipment', 'pc');
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  if (lang) h.set('think-lang', lang);
  const { token, signature } = tokenStore.get();
  if (token) h.set('ba-user-token', token);
  if (signature) h.set('ba-user-signature', signature);
  if (contentType) h.set('content-type', contentType);
  for (const [k, v] of Object.entries(extra ?? {})) h.set(k, v);
  return h;
}
