/**
 * The one way request bodies are read, for every API route and every HTML form endpoint: JSON,
 * urlencoded or multipart (text fields), read as a capped stream. Whatever cannot be read is the
 * client's fault and says so — 413 too large, 415 a content type the route does not take, 400
 * anything unparsable (bad JSON or UTF-8, nesting deeper than MAX_DEPTH, broken multipart) — as
 * a DomainError, before a handler runs.
 */
import { Codes, DomainError } from '~/server/errors';

/** Largest JSON or form body read (uploads stream through their own reader). */
export const MAX_BODY_BYTES = 64 * 1024;
/** Deepest object/array nesting a JSON body may have. */
export const MAX_DEPTH = 16;

export type BodyKind = 'json' | 'urlencoded' | 'multipart';

export interface ReadBodyOptions {
  /** Content types the route takes (default: all three). */
  accept?: readonly BodyKind[];
  maxBytes?: number;
}

const tooLarge = () => new DomainError('tooLarge', { status: 413, code: Codes.TOO_LARGE });
const unsupported = () => new DomainError('unsupportedMediaType', { status: 415, code: Codes.UNSUPPORTED_MEDIA });
const unreadable = () => new DomainError('badRequest', { status: 400, code: Codes.VALIDATION });

/** Keys never copied from client input onto our objects. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** The body's bytes, stopping as soon as they pass `max` (also for chunked bodies with no length). */
export async function readCapped(req: Request, max: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = req.headers.get('content-length');
  if (declared !== null && (!/^\d+$/.test(declared.trim()) || Number(declared) > max)) {
    throw /^\d+$/.test(declared.trim()) ? tooLarge() : unreadable();
  }
  if (!req.body) return new Uint8Array(new ArrayBuffer(0));
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > max) {
        await reader.cancel().catch(() => {});
        throw tooLarge();
      }
      chunks.push(value);
    }
  } catch (err) {
    if (err instanceof DomainError) throw err;
    throw unreadable(); // the client hung up or sent a broken stream
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/** Whether JSON text nests objects/arrays deeper than `max` (checked before JSON.parse recurses). */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 92)
        i++; // backslash: skip the escaped character
      else if (ch === 34) inString = false;
    } else if (ch === 34) inString = true;
    else if (ch === 123 || ch === 91) {
      if (++depth > max) return true;
    } else if (ch === 125 || ch === 93) depth--;
  }
  return false;
}

function kindOf(contentType: string): BodyKind | 'other' {
  const type = contentType.split(';')[0].trim().toLowerCase();
  if (type === '' || type === 'application/json' || type.endsWith('+json')) return 'json';
  if (type === 'application/x-www-form-urlencoded') return 'urlencoded';
  if (type === 'multipart/form-data') return 'multipart';
  return 'other';
}

function decodeUtf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw unreadable();
  }
}

function fromPairs(pairs: Iterable<[string, unknown]>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of pairs) if (!FORBIDDEN_KEYS.has(key) && typeof value === 'string') out[key] = value;
  return out;
}

function parseJson(text: string): Record<string, unknown> {
  if (nestsDeeperThan(text, MAX_DEPTH)) throw unreadable();
  let data: unknown;
  try {
    data = JSON.parse(text, (key, value) => (FORBIDDEN_KEYS.has(key) ? undefined : value));
  } catch {
    throw unreadable();
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw unreadable();
  return data as Record<string, unknown>;
}

async function parseMultipart(bytes: Uint8Array<ArrayBuffer>, contentType: string): Promise<Record<string, unknown>> {
  if (!/;\s*boundary=/i.test(contentType)) throw unreadable();
  try {
    const form = await new Response(bytes, { headers: { 'content-type': contentType } }).formData();
    return fromPairs(form.entries());
  } catch {
    throw unreadable();
  }
}

/**
 * The request body as a plain object of fields. An empty body is `{}`; a body without a content
 * type is read as JSON. Text fields only: files are for the upload reader.
 */
export async function readBody(req: Request, options: ReadBodyOptions = {}): Promise<Record<string, unknown>> {
  const contentType = req.headers.get('content-type') ?? '';
  const kind = kindOf(contentType);
  const accept = options.accept ?? ['json', 'urlencoded', 'multipart'];
  const bytes = await readCapped(req, options.maxBytes ?? MAX_BODY_BYTES);
  if (bytes.byteLength === 0) return {};
  if (kind === 'other' || !accept.includes(kind)) throw unsupported();
  if (kind === 'multipart') return parseMultipart(bytes, contentType);
  const text = decodeUtf8(bytes);
  if (kind === 'urlencoded') return fromPairs(new URLSearchParams(text));
  return text.trim() === '' ? {} : parseJson(text);
}
