/**
 * A member's PDF before sealing: the size and page limits, PDFium's verdict (encrypted, broken),
 * the SHA-256 of its bytes, and page previews (PNG, cached in memory per bytes, page and width).
 */
import { type AttachmentRow, assertFileKind, findOwnFile, readFileBytes, type StorageAdapter } from '~/features/upload';
import type { Db } from '~/server/db/client';
import { Codes } from '~/server/errors';
import { getConfigValue } from '~/server/site-config';
import { badInput, notFound, SealError } from './errors';
import { type PdfFacts, readPdfFacts, renderPagePng } from './pdf-tools';

/** The topic of PDFs uploaded for sealing. */
export const SEALFILE_TOPIC = 'sealfile';

export interface SealLimits {
  maxPdfBytes: number;
  maxPages: number;
}

/** `seal.maxPdfBytes` (20 MB) and `seal.maxPages` (300) from the site config. */
export async function sealLimits(db: Db): Promise<SealLimits> {
  const v = (await getConfigValue(db, 'seal')) as Partial<SealLimits> | undefined;
  const pos = (n: unknown, d: number) => (typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : d);
  return { maxPdfBytes: pos(v?.maxPdfBytes, 20 * 1024 * 1024), maxPages: pos(v?.maxPages, 300) };
}

export const sha256Hex = (bytes: Uint8Array) => new Bun.CryptoHasher('sha256').update(bytes).digest('hex');

export interface CheckedPdf extends PdfFacts {
  file: AttachmentRow;
  bytes: Uint8Array;
  size: number;
  sha256: string;
}

/** The member's PDF (topic `sealfile`), checked: 404 another's, 413 too large, 400 encrypted/broken/too long. */
export async function checkOwnPdf(db: Db, storage: StorageAdapter, userId: number, fileId: number): Promise<CheckedPdf> {
  const file = await findOwnFile(db, userId, fileId, SEALFILE_TOPIC);
  if (!file) throw notFound();
  const limits = await sealLimits(db);
  const maxMb = Math.round((limits.maxPdfBytes / 1024 / 1024) * 10) / 10;
  if (file.size > limits.maxPdfBytes) {
    throw new SealError('sealing.pdfTooLarge', { status: 413, code: Codes.TOO_LARGE, field: 'file_id', params: { max: maxMb } });
  }
  const bytes = await readFileBytes(storage, file);
  if (!bytes) throw notFound();
  if (bytes.byteLength > limits.maxPdfBytes) {
    throw new SealError('sealing.pdfTooLarge', { status: 413, code: Codes.TOO_LARGE, field: 'file_id', params: { max: maxMb } });
  }
  assertFileKind(bytes, ['pdf']);
  const facts = await readPdfFacts(bytes);
  if (facts === 'encrypted') throw badInput('sealing.pdfEncrypted', 'file_id');
  if (facts === 'broken') throw badInput('sealing.pdfBroken', 'file_id');
  if (facts.pages > limits.maxPages) {
    throw badInput(
      'sealing.pdfTooManyPages',
      'file_id',
      { pages: facts.pages, max: limits.maxPages },
      { pages: facts.pages, max: limits.maxPages },
    );
  }
  return { ...facts, file, bytes, size: bytes.byteLength, sha256: sha256Hex(bytes) };
}

/** POST /seal/file/inspect → `{pages, size, sha256, page_sizes}`. */
export async function inspectPdf(db: Db, storage: StorageAdapter, userId: number, fileId: number) {
  const pdf = await checkOwnPdf(db, storage, userId, fileId);
  return { pages: pdf.pages, size: pdf.size, sha256: pdf.sha256, page_sizes: pdf.page_sizes };
}

const previews = new Map<string, Uint8Array>();
/** Page previews kept: at most this many, and at most PREVIEW_CACHE_BYTES of PNG in all. */
const PREVIEW_CACHE = 200;
const PREVIEW_CACHE_BYTES = 16 * 1024 * 1024;
let previewBytes = 0;

/** GET /seal/file/preview: page `page` (1-based) of the member's PDF, `width` px wide, as PNG. */
export async function previewPage(
  db: Db,
  storage: StorageAdapter,
  userId: number,
  q: { file_id: number; page: number; width: number },
): Promise<{ png: Uint8Array; etag: string }> {
  const file = await findOwnFile(db, userId, q.file_id, SEALFILE_TOPIC);
  if (!file) throw notFound();
  const key = `${file.sha1}:${q.page}:${q.width}`;
  const etag = `"${key}"`;
  const hit = previews.get(key);
  if (hit) {
    // Most recently used last: re-insert.
    previews.delete(key);
    previews.set(key, hit);
    return { png: hit, etag };
  }
  const pdf = await checkOwnPdf(db, storage, userId, q.file_id);
  if (q.page > pdf.pages) throw badInput('sealing.pageMissing', 'page', { page: q.page });
  const png = await renderPagePng(pdf.bytes, q.page - 1, q.width);
  previews.set(key, png);
  previewBytes += png.byteLength;
  while (previews.size > PREVIEW_CACHE || previewBytes > PREVIEW_CACHE_BYTES) {
    const oldest = previews.keys().next().value as string;
    previewBytes -= previews.get(oldest)?.byteLength ?? 0;
    previews.delete(oldest);
  }
  return { png, etag };
}
