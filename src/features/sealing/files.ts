/**
 * Sealed files: the member's history (a main account sees its sub-accounts' too), one file's
 * detail and recorded bytes, voiding (sealed → voided, conditional, audited) and the public
 * verification by code, by code + SHA-256 and by the file itself. Every public check, the API's
 * and the /verify page's alike, is counted against the asking IP's limit here (`admitCheck`).
 */
import { dayStart } from '~/features/ledger';
import { findOwnFile, readFileBytes, type StorageAdapter } from '~/features/upload';
import { writeAudit } from '~/server/audit';
import { num, numOrNull, nowSeconds, type Db } from '~/server/db/client';
import { containsPattern } from '~/server/db/contains';
import { Codes, DomainError } from '~/server/errors';
import { visibleUserIds } from '~/server/members';
import { hit } from '~/server/rate-limit';
import { sha256Hex } from './documents';
import { conflict, notFound } from './errors';
import { type FileListQuery, formatCode, isCodeShape, normalizeCode } from './schemas';
import { readSealCode } from './stamp';

export interface SealedFileRow {
  id: number;
  user_id: number;
  code: string;
  name: string;
  pages: number;
  seal_id: number;
  seal_name: string;
  company_name: string;
  stamps: {
    stamps: { page: number; x: number; y: number }[];
    every_page: { x: number; y: number } | null;
    cross_page: { y: number } | null;
  };
  stamp_count: number;
  cross_page: boolean;
  source_sha256: string;
  file_id: number;
  sha256: string;
  size: number;
  status: 'sealed' | 'voided';
  void_reason: string;
  voided_at: number | null;
  created_at: number;
}

const toRow = (r: Record<string, unknown>): SealedFileRow => ({
  id: num(r.id),
  user_id: num(r.user_id),
  code: String(r.code),
  name: String(r.name),
  pages: num(r.pages),
  seal_id: num(r.seal_id),
  seal_name: String(r.seal_name),
  company_name: String(r.company_name),
  stamps: JSON.parse(String(r.stamps || '{}')),
  stamp_count: num(r.stamp_count),
  cross_page: num(r.cross_page) === 1,
  source_sha256: String(r.source_sha256),
  file_id: num(r.file_id),
  sha256: String(r.sha256),
  size: num(r.size),
  status: String(r.status) as SealedFileRow['status'],
  void_reason: String(r.void_reason ?? ''),
  voided_at: numOrNull(r.voided_at),
  created_at: num(r.created_at),
});

/** A list item of GET /seal/file/list. */
export interface SealedFileItem {
  id: number;
  code: string;
  name: string;
  pages: number;
  seal_name: string;
  stamp_count: number;
  cross_page: boolean;
  sha256: string;
  status: 'sealed' | 'voided';
  created_at: number;
}

const item = (f: SealedFileRow): SealedFileItem => ({
  id: f.id,
  code: formatCode(f.code),
  name: f.name,
  pages: f.pages,
  seal_name: f.seal_name,
  stamp_count: f.stamp_count,
  cross_page: f.cross_page,
  sha256: f.sha256,
  status: f.status,
  created_at: f.created_at,
});

/** The detail: the list item plus what was stamped where, the source fingerprint and voiding. */
export const detailOf = (f: SealedFileRow) => ({
  ...item(f),
  company_name: f.company_name,
  seal_id: f.seal_id,
  stamps: f.stamps.stamps,
  every_page: f.stamps.every_page,
  cross_page_y: f.stamps.cross_page?.y ?? null,
  source_sha256: f.source_sha256,
  size: f.size,
  void_reason: f.void_reason,
  voided_at: f.voided_at,
});

/** GET /seal/file/list: newest first, the company's files for a main account. */
export async function listSealedFiles(
  db: Db,
  userId: number,
  q: FileListQuery,
  timeZone: string,
): Promise<{ list: SealedFileItem[]; total: number }> {
  const ids = await visibleUserIds(db, userId);
  const sql = db.sql;
  let where = sql`f.user_id IN ${sql(ids)}`;
  if (q.status) where = sql`${where} AND f.status = ${q.status}`;
  if (q.keyword) {
    const kw = q.keyword.toLowerCase();
    const like = containsPattern(kw);
    const code = normalizeCode(q.keyword);
    where = sql`${where} AND (LOWER(f.name) LIKE ${like} ESCAPE '\\' OR f.code = ${code} OR f.sha256 = ${kw})`;
  }
  if (q.start) where = sql`${where} AND f.created_at >= ${dayStart(q.start, timeZone)}`;
  if (q.end) where = sql`${where} AND f.created_at < ${dayStart(q.end, timeZone) + 86_400}`;
  const [{ n }] = await sql`SELECT COUNT(*) AS n FROM sealed_file f WHERE ${where}`;
  const rows =
    await sql`SELECT * FROM sealed_file f WHERE ${where} ORDER BY f.created_at DESC, f.id DESC LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`;
  return { list: rows.map((r: Record<string, unknown>) => item(toRow(r))), total: num(n) };
}

/** One of the member's (or its sub-accounts') sealed files, else 404. */
export async function getSealedFile(db: Db, userId: number, id: number): Promise<SealedFileRow> {
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound();
  const ids = await visibleUserIds(db, userId);
  const [r] = await db.sql`SELECT * FROM sealed_file WHERE id = ${id} AND user_id IN ${db.sql(ids)}`;
  if (!r) throw notFound();
  return toRow(r);
}

/** The recorded bytes and the download name `{name}-sealed.pdf`. */
export async function sealedFileBytes(db: Db, storage: StorageAdapter, f: SealedFileRow): Promise<{ bytes: Uint8Array; name: string }> {
  const att = await findOwnFile(db, f.user_id, f.file_id);
  const bytes = att ? await readFileBytes(storage, att) : null;
  if (!bytes) throw notFound();
  return { bytes, name: `${f.name.replace(/\.pdf$/i, '')}-sealed.pdf` };
}

/** POST /seal/file/void: sealed → voided (409 when already voided), audited. */
export async function voidSealedFile(db: Db, userId: number, id: number, reason: string, ip = ''): Promise<SealedFileRow> {
  const f = await getSealedFile(db, userId, id);
  const now = nowSeconds();
  const row = await db.sql.begin(async (tx) => {
    const [r] = await tx`UPDATE sealed_file SET status = 'voided', void_reason = ${reason}, voided_at = ${now}
      WHERE id = ${f.id} AND status = 'sealed' RETURNING *`;
    if (r) await writeAudit(tx, { userId, action: 'seal.void', detail: { sealed_file_id: f.id, code: f.code, reason }, ip });
    return r;
  });
  if (!row) throw conflict('sealing.alreadyVoided', { status: 'voided' });
  return toRow(row);
}

export type CodeResult = 'sealed' | 'voided' | 'not_found';
export type FileResult = 'valid' | 'voided' | 'altered' | 'not_found';

/** What verification tells anyone: no member name, the seal's current state. */
export interface PublicFile {
  code: string;
  name: string;
  pages: number;
  sha256: string;
  sealed_at: number;
  company_name: string;
  seal_name: string;
  seal_status: string;
}

async function findByCode(db: Db, raw: string): Promise<{ f: SealedFileRow; seal_status: string } | null> {
  const code = normalizeCode(raw);
  if (!isCodeShape(code)) return null;
  const [r] = await db.sql`SELECT f.*, s.status AS seal_status FROM sealed_file f JOIN seal s ON s.id = f.seal_id WHERE f.code = ${code}`;
  return r ? { f: toRow(r), seal_status: String(r.seal_status) } : null;
}

const publicFile = (f: SealedFileRow, seal_status: string): PublicFile => ({
  code: formatCode(f.code),
  name: f.name,
  pages: f.pages,
  sha256: f.sha256,
  sealed_at: f.created_at,
  company_name: f.company_name,
  seal_name: f.seal_name,
  seal_status,
});

/** Public verification checks one IP may make a minute (`SEAL_VERIFY_PER_MINUTE`, default 30). */
export const verifyPerMinute = () => Number(process.env.SEAL_VERIFY_PER_MINUTE) || 30;

/**
 * Counts one public check from `ip` (one fixed one-minute window per IP, in the database, so every
 * instance shares it). Over the limit: 429 'Too many verification checks…' with the seconds to
 * wait (the API also sends them as Retry-After). Every lookup below calls it first, so neither the
 * API nor the /verify page can look up a code without being counted.
 */
async function admitCheck(db: Db, ip: string, now = nowSeconds()): Promise<void> {
  const state = await hit(db, { key: `seal-verify:ip:${ip}`, max: verifyPerMinute(), window: 60 }, now);
  if (!state.allowed) {
    throw new DomainError('sealing.verifyTooMany', {
      status: 429,
      code: Codes.TOO_MANY,
      params: { seconds: Math.max(1, state.retryAfter) },
    });
  }
}

async function codeResult(db: Db, code: string): Promise<{ result: CodeResult; file: PublicFile | null }> {
  const found = await findByCode(db, code);
  if (!found) return { result: 'not_found', file: null };
  return { result: found.f.status === 'voided' ? 'voided' : 'sealed', file: publicFile(found.f, found.seal_status) };
}

async function hashResult(db: Db, code: string, sha256: string): Promise<{ result: FileResult; file: PublicFile | null }> {
  const found = await findByCode(db, code);
  if (!found) return { result: 'not_found', file: null };
  const file = publicFile(found.f, found.seal_status);
  if (found.f.status === 'voided') return { result: 'voided', file };
  return { result: found.f.sha256 === sha256.toLowerCase() ? 'valid' : 'altered', file };
}

/** GET /seal/verify?code= and the /verify page: one counted check from `ip`. */
export async function verifyCode(db: Db, ip: string, code: string): Promise<{ result: CodeResult; file: PublicFile | null }> {
  await admitCheck(db, ip);
  return codeResult(db, code);
}

/** GET /seal/verify?sha256=&code=: `altered` is a known code with other bytes. One counted check. */
export async function verifyHash(
  db: Db,
  ip: string,
  code: string,
  sha256: string,
): Promise<{ result: FileResult; file: PublicFile | null }> {
  await admitCheck(db, ip);
  return hashResult(db, code, sha256);
}

/**
 * POST /seal/verify/file: the code from the PDF's `/SealCode`, the hash of its bytes. One counted
 * check; the upload is read (`read`) only once the check is admitted.
 */
export async function verifyBytes(
  db: Db,
  ip: string,
  read: () => Promise<Uint8Array>,
): Promise<{ result: FileResult; file: PublicFile | null; code: string | null }> {
  await admitCheck(db, ip);
  const bytes = await read();
  const code = await readSealCode(bytes);
  if (!code) return { result: 'not_found', file: null, code: null };
  return { ...(await hashResult(db, code, sha256Hex(bytes))), code: formatCode(normalizeCode(code)) };
}
