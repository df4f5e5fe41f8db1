/**
 * Serving stored files (`GET /storage/...`): only paths that an attachment row names, only from
 * the storage adapter, with the stored MIME type and headers that stop a browser from running or
 * sniffing anything; and only to who may read them (`./access.ts`): others get 404.
 */
import type { Db } from '~/server/db/client';
import { canReadFile, isPublicTopic, verifyFileSignature } from './access';
import { findByPath } from './attachments';
import { type StorageAdapter, storageNamed } from './storage';

export const STORAGE_PREFIX = '/storage/';

/** Only these are shown inline; everything else is a download. */
const INLINE = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp']);

/** RFC 6266: an ASCII fallback and the UTF-8 name (Chinese included). */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  const utf8 = encodeURIComponent(name).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${utf8}`;
}

const notFound = () =>
  new Response('Not found', {
    status: 404,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' },
  });

/** Who asks: the member's id (null when anonymous), and the URL's signature parameters if any. */
export interface Viewer {
  userId: number | null;
  exp?: string | null;
  sig?: string | null;
}

/** The response for a storage URL path (`/storage/...`, still percent-encoded), or 404. */
export async function serveStored(
  db: Db,
  method: string,
  rawPath: string,
  viewer: Viewer = { userId: null },
  storage?: StorageAdapter,
): Promise<Response> {
  let key: string;
  try {
    key = decodeURIComponent(rawPath).slice(1);
  } catch {
    return notFound();
  }
  const adapterFor = (name: string) => (storage && storage.name === name ? storage : storage ? null : storageNamed(name));
  const rows = (await findByPath(db, key)).filter((r) => adapterFor(r.storage));
  if (rows.length === 0) return notFound();
  // The viewer's own row gives the name; a public or signed file shows the first owner's name.
  const own = rows.find((r) => viewer.userId !== null && r.user_id === viewer.userId);
  const open = rows.find((r) => canReadFile(viewer.userId, r));
  const row = own ?? open ?? ((await verifyFileSignature(db, key, viewer.exp ?? null, viewer.sig ?? null)) ? rows[0] : undefined);
  if (!row) return notFound();
  const adapter = adapterFor(row.storage);
  const stored = adapter ? await adapter.get(row.path).catch(() => null) : null;
  if (!stored) return notFound();
  const inline = INLINE.has(row.mime);
  const isPublic = isPublicTopic(row.topic);
  const headers = {
    'content-type': row.mime,
    'content-length': String(stored.size),
    'content-disposition': contentDisposition(inline ? 'inline' : 'attachment', row.name),
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
    'cross-origin-resource-policy': 'same-origin',
    // A private file's answer depends on who asks: never kept by a shared cache.
    'cache-control': isPublic ? 'public, max-age=86400' : 'private, max-age=300',
    vary: 'Cookie, ba-user-token',
  };
  // A local file is sent as a file (sendfile); an object is streamed through (Bun would answer an
  // S3 file with a redirect to the store, which would drop these headers).
  const body = method === 'HEAD' ? null : adapter?.name === 'local' ? stored.body : stored.body.stream();
  return new Response(body, { status: 200, headers });
}
