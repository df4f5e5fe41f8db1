/**
 * The one list-query codec (decision 0014): a list page's filters, page and page size ↔ its URL, so
 * lists work as plain GET forms and links (no JavaScript). Built on the list convention of
 * `./list` (the area's schema uses `pageField` / `limitField`).
 *
 *   const claimsQuery = listQuery(claimListSchema, { status: '', …, page: 1, limit: 10 });
 *   const { q, ok } = claimsQuery.parse(query, ['new']); // ok: false → the defaults (show a notice)
 *   claimsQuery.href('/user/claim/list', q, 2);          // '/user/claim/list?status=paid&page=2'
 *
 * A value equal to its default (and an empty string) stays out of the URL; `page` comes last and
 * only past 1. Keys keep the order of `defaults`.
 */
import * as v from 'valibot';

type Value = string | number | boolean | null | undefined;

export interface ListQueryCodec<Q extends { page: number; limit: number }> {
  readonly defaults: Q;
  /** The query of a raw query string, `ok: false` (and the defaults) when a value is invalid. */
  parse(query: string, ignore?: readonly string[]): { q: Q; ok: boolean };
  /** The filters (and `page` when past 1) as a query string without `?`. */
  toQuery(q: Q, page?: number): string;
  /** `path` with `toQuery(q, page)` appended when there is one. */
  href(path: string, q: Q, page?: number): string;
}

export function listQuery<Q extends { page: number; limit: number } & Record<string, Value>>(
  schema: v.GenericSchema<unknown, Q>,
  defaults: Q,
): ListQueryCodec<Q> {
  const keys = Object.keys(defaults).filter((k) => k !== 'page');
  const toQuery = (q: Q, page?: number) => {
    const p = new URLSearchParams();
    for (const k of keys) {
      const value = q[k];
      if (value !== defaults[k] && value !== '' && value !== null && value !== undefined) p.set(k, String(value));
    }
    if (page && page > 1) p.set('page', String(page));
    return p.toString();
  };
  return {
    defaults,
    parse(query, ignore = []) {
      const raw: Record<string, string> = Object.fromEntries(new URLSearchParams(query));
      for (const k of ignore) delete raw[k];
      const parsed = v.safeParse(schema, raw);
      return parsed.success ? { q: parsed.output, ok: true } : { q: defaults, ok: false };
    },
    toQuery,
    href(path, q, page) {
      const s = toQuery(q, page);
      return s ? `${path}?${s}` : path;
    },
  };
}
