/**
 * Nested params to flat `name[key]` pairs (spec §7), the shape the API's `parseNestedQuery`
 * reads back: `{a: {b: 1}}` → `a[b]=1`, `{ids: [3, 4]}` → `ids[0]=3&ids[1]=4`.
 * `null` and `undefined` are skipped; dates become ISO strings; everything else `String(v)`.
 */
export type ParamValue = unknown;
export type Params = Record<string, ParamValue>;

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

export function flattenParams(params: Params | null | undefined): [string, string][] {
  const out: [string, string][] = [];
  const walk = (value: unknown, name: string) => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) {
      for (const [i, v] of value.entries()) walk(v, `${name}[${i}]`);
    } else if (value instanceof Date) {
      out.push([name, value.toISOString()]);
    } else if (isPlainObject(value)) {
      for (const [k, v] of Object.entries(value)) walk(v, `${name}[${k}]`);
    } else {
      out.push([name, String(value)]);
    }
  };
  if (params) for (const [k, v] of Object.entries(params)) walk(v, k);
  return out;
}

/** `a[b]=1&ids[0]=3` (URL-encoded), '' when there is nothing to send. */
export function toQueryString(params: Params | null | undefined): string {
  return new URLSearchParams(flattenParams(params)).toString();
}

/** Append flattened params to a url, keeping any query it already has and its #hash. */
export function withParams(url: string, params: Params | null | undefined): string {
  const qs = toQueryString(params);
  if (!qs) return url;
  const hashAt = url.indexOf('#');
  const base = hashAt >= 0 ? url.slice(0, hashAt) : url;
  const hash = hashAt >= 0 ? url.slice(hashAt) : '';
  const sep = base.includes('?') ? (base.endsWith('?') || base.endsWith('&') ? '' : '&') : '?';
  return `${base}${sep}${qs}${hash}`;
}
