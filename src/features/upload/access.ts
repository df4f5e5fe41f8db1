/**
 * Who may read a stored file. Files are private: only their owner reads them (session cookie or
 * token), except in a public topic (avatars) — and anyone holding a signed, short-lived URL that
 * the server gave after its own access check (an operator with a rule, a page that shares a file
 * on purpose). Everyone else gets 404, as if the file did not exist.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { nowSeconds, type Db } from '~/server/db/client';
import { getSigningSecret } from '~/server/session';
import type { AttachmentRow } from './attachments';

/** Topics anyone may read by URL (a member's avatar is shown to others). Every other topic is private. */
export const PUBLIC_TOPICS: ReadonlySet<string> = new Set(['avatar']);

/** Default lifetime of a signed file URL: 10 minutes. */
export const FILE_URL_TTL = 600;

export const isPublicTopic = (topic: string): boolean => PUBLIC_TOPICS.has(topic);

/** Whether `viewerId` (null: anonymous) may read `file` by its plain URL: a public topic, or its owner. */
export function canReadFile(viewerId: number | null, file: Pick<AttachmentRow, 'user_id' | 'topic'>): boolean {
  return isPublicTopic(file.topic) || (viewerId !== null && viewerId === file.user_id);
}

// A distinct prefix keeps these MACs apart from the login signatures made with the same secret.
const mac = (secret: string, path: string, exp: number) => createHmac('sha256', secret).update(`file\n${path}\n${exp}`).digest();

/**
 * A URL (`/storage/...?exp=…&sig=…`) that serves `file` to whoever holds it until `ttlSeconds`
 * from now. Give it only after your own check (e.g. `requireOperator(c, 'operator/claims')`, or
 * a team scope): it is a bearer URL. The owner does not need one; their plain `url` works.
 */
export async function signedFileUrl(db: Db, file: Pick<AttachmentRow, 'path'>, ttlSeconds = FILE_URL_TTL): Promise<string> {
  const exp = nowSeconds() + Math.max(1, Math.floor(ttlSeconds));
  const sig = mac(await getSigningSecret(db), file.path, exp).toString('base64url');
  return `/${encodeURI(file.path)}?exp=${exp}&sig=${sig}`;
}

/** Whether `exp` + `sig` (from a URL's query) sign `path` and have not expired. */
export async function verifyFileSignature(db: Db, path: string, exp: string | null, sig: string | null): Promise<boolean> {
  if (!exp || !sig || !/^\d{1,12}$/.test(exp) || sig.length > 100) return false;
  const expires = Number(exp);
  if (expires <= nowSeconds()) return false;
  const expected = mac(await getSigningSecret(db), path, expires);
  const given = Buffer.from(sig, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The URL to show `viewerId` for `file`: the plain URL when they may read it by that (owner,
 * public topic), else a signed one. For operator pages after their rule check, and for pages
 * that share a member's file on purpose.
 */
export async function fileUrlFor(db: Db, viewerId: number | null, file: AttachmentRow, ttlSeconds = FILE_URL_TTL): Promise<string> {
  return canReadFile(viewerId, file) ? `/${encodeURI(file.path)}` : signedFileUrl(db, file, ttlSeconds);
}
