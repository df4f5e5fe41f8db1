import type { Context } from 'hono';
import { Codes, DomainError } from '../domain/errors';

/**
 * Query string → object, with nested `name[key]=v` and list `name[]=v` forms (spec §7: the
 * client flattens nested params this way). Plain repeated keys keep the last value.
 */
export function parseNestedQuery(params: URLSearchParams): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [rawKey, value] of params) {
    const m = /^([^[\]]+)((?:\[[^[\]]*\])+)$/.exec(rawKey);
    if (!m) {
      if (rawKey !== '__proto__') out[rawKey] = value;
      continue;
    }
    const path = [m[1], ...[...m[2].matchAll(/\[([^[\]]*)\]/g)].map((x) => x[1])];
    let cur: Record<string, unknown> | unknown[] = out;
    for (let i = 0; i < path.length; i++) {
      const seg = path[i];
      const last = i === path.length - 1;
      if (Array.isArray(cur)) {
        if (last) cur.push(value);
        else {
          const next = path[i + 1] === '' ? [] : {};
          cur.push(next);
          cur = next;
        }
        continue;
      }
      if (seg === '__proto__' || seg === 'constructor' || seg === 'prototype') break;
      if (last) {
        cur[seg] = value;
      } else {
        const wantArray = path[i + 1] === '';
        const existing = cur[seg];
        if (wantArray ? !Array.isArray(existing) : typeof existing !== 'object' || existing === null || Array.isArray(existing)) {
          cur[seg] = wantArray ? [] : {};
        }
        cur = cur[seg] as Record<string, unknown> | unknown[];
      }
    }
  }
  return out;
}

/** Largest JSON or form body the API reads (uploads will get their own limit). */
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * The request body as an object: JSON, urlencoded or multipart form. An empty body is `{}`.
 * Bad JSON → 400; another content type → 415; too big → 413.
 */
export async function readBody(c: Context): Promise<Record<string, unknown>> {
  const length = Number(c.req.header('content-length') ?? 0);
  if (length > MAX_BODY_BYTES) throw new DomainError('tooLarge', { status: 413, code: Codes.TOO_LARGE });
  const type = (c.req.header('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (type === 'application/x-www-form-urlencoded' || type === 'multipart/form-data') {
    const form = await c.req.parseBody();
    return Object.fromEntries(Object.entries(form).filter(([, v]) => typeof v === 'string'));
  }
  const text = await c.req.text();
  if (text.length > MAX_BODY_BYTES) throw new DomainError('tooLarge', { status: 413, code: Codes.TOO_LARGE });
  if (text.trim() === '') return {};
  if (type !== '' && type !== 'application/json' && !type.endsWith('+json')) {
    throw new DomainError('unsupportedMediaType', { status: 415, code: Codes.UNSUPPORTED_MEDIA });
  }
  try {
    const data = JSON.parse(text);
    if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new Error('not an object');
    return data as Record<string, unknown>;
  } catch {
    throw new DomainError('badRequest', { status: 400, code: Codes.VALIDATION });
  }
}

/** `true` for 1, '1', 'true', 'on', 'yes'. */
export function truthy(v: unknown): boolean {
  return v === true || v === 1 || (typeof v === 'string' && ['1', 'true', 'on', 'yes'].includes(v.toLowerCase()));
}

/** https as seen by the browser (directly or via a TLS-terminating proxy). */
export function isHttps(c: Context): boolean {
  const proto = c.req.header('x-forwarded-proto')?.split(',')[0].trim().toLowerCase();
  return proto === 'https' || new URL(c.req.url).protocol === 'https:';
}

/**
 * Client IP: the first X-Forwarded-For hop when TRUST_PROXY=1, else the socket address when the
 * app is served by Bun (`api.fetch(req, server)`), else ''.
 */
export function clientIp(c: Context): string {
  if (process.env.TRUST_PROXY === '1') {
    const xff = c.req.header('x-forwarded-for')?.split(',')[0].trim();
    if (xff) return xff.slice(0, 64);
  }
  const env = c.env as { requestIP?: (r: Request) => { address: string } | null } | undefined;
  try {
    return env?.requestIP?.(c.req.raw)?.address ?? '';
  } catch {
    return '';
  }
}
