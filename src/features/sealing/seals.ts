/**
 * Seals: a company's seal images (uploaded or drawn), at most 5 pending or approved, reviewed by an
 * operator (pending → approved | rejected, approved → revoked), each change a conditional UPDATE
 * with an audit entry.
 */
import { findOwnFile, readFileBytes, storeServerFile, type StorageAdapter } from '~/features/upload';
import { num, numOrNull, nowSeconds, type Db } from '~/server/db/client';
import { writeAudit } from '~/server/audit';
import { Codes, DomainError } from '~/server/errors';
import { badInput, conflict, notFound, SealError } from './errors';
import { notifySealQueued, notifySealReviewed } from './notices';
import { checkSealPng } from './png-check';
import type { OperatorListQuery, SealAddInput, SealGenerateInput, SealKind, SealStatus } from './schemas';
import { drawSealPng } from './seal-art';
import { inTransaction } from '~/server/db/after-commit';

/** Pending + approved seals a company may hold at once. */
export const MAX_LIVE_SEALS = 5;

export interface SealRow {
  id: number;
  user_id: number;
  name: string;
  kind: SealKind;
  company_name: string;
  source: 'upload' | 'generated';
  diameter_mm: number;
  file_id: number;
  status: SealStatus;
  reason: string;
  reviewed_by: number | null;
  reviewed_at: number | null;
  created_at: number;
  updated_at: number;
}

/** What the member API shows of a seal. */
export interface SealView {
  id: number;
  name: string;
  kind: SealKind;
  status: SealStatus;
  source: 'upload' | 'generated';
  company_name: string;
  diameter_mm: number;
  reason: string;
  created_at: number;
}

export const toSealRow = (r: Record<string, unknown>): SealRow => ({
  id: num(r.id),
  user_id: num(r.user_id),
  name: String(r.name),
  kind: String(r.kind) as SealKind,
  company_name: String(r.company_name),
  source: String(r.source) as SealRow['source'],
  diameter_mm: num(r.diameter_mm),
  file_id: num(r.file_id),
  status: String(r.status) as SealStatus,
  reason: String(r.reason ?? ''),
  reviewed_by: numOrNull(r.reviewed_by),
  reviewed_at: numOrNull(r.reviewed_at),
  created_at: num(r.created_at),
  updated_at: num(r.updated_at),
});

export const viewSeal = (s: SealRow): SealView => ({
  id: s.id,
  name: s.name,
  kind: s.kind,
  status: s.status,
  source: s.source,
  company_name: s.company_name,
  diameter_mm: s.diameter_mm,
  reason: s.reason,
  created_at: s.created_at,
});

/** Whose seals a member uses: a sub-account its owner's, a main account its own. */
export const sealOwnerOf = (member: { id: number; parent_id: number | null }) => member.parent_id ?? member.id;

/** Default seal names per kind (a drawn seal is named after its inner text, else its kind). */
export const KIND_NAMES: Record<SealKind, string> = { official: '公章', contract: '合同专用章', finance: '财务专用章', other: '印章' };

export async function findSeal(db: Db, id: number): Promise<SealRow | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const [r] = await db.sql`SELECT * FROM seal WHERE id = ${id}`;
  return r ? toSealRow(r) : null;
}

interface NewSeal {
  ownerId: number;
  name: string;
  kind: SealKind;
  companyName: string;
  source: 'upload' | 'generated';
  diameterMm: number;
  fileId: number;
  status?: SealStatus;
  now?: number;
}

/** Insert a pending seal, refusing a sixth live one (409). The owner row is locked on PostgreSQL. */
export async function insertSeal(db: Db, s: NewSeal): Promise<SealRow> {
  const now = s.now ?? nowSeconds();
  return inTransaction(db, async (tx) => {
    if (db.dialect === 'postgres') await tx`SELECT id FROM "user" WHERE id = ${s.ownerId} FOR UPDATE`;
    const [{ n }] = await tx`SELECT COUNT(*) AS n FROM seal WHERE user_id = ${s.ownerId} AND status IN ('pending', 'approved')`;
    if (num(n) >= MAX_LIVE_SEALS) throw conflict('sealing.tooManySeals');
    const [row] =
      await tx`INSERT INTO seal (user_id, name, kind, company_name, source, diameter_mm, file_id, status, created_at, updated_at)
      VALUES (${s.ownerId}, ${s.name}, ${s.kind}, ${s.companyName}, ${s.source}, ${s.diameterMm}, ${s.fileId}, ${s.status ?? 'pending'}, ${now}, ${now})
      RETURNING *`;
    await writeAudit(tx, { userId: s.ownerId, action: 'seal.add', detail: { seal_id: num(row.id), source: s.source, kind: s.kind } });
    if (String(row.status) === 'pending') await notifySealQueued(tx, row, now);
    return toSealRow(row);
  });
}

const subAccountRefused = () => new DomainError('sealing.subAccountSeals', { status: 403, code: Codes.FORBIDDEN });

/** POST /seal/add: the member's own upload (topic `seal`) checked as a seal image. */
export async function addSeal(
  db: Db,
  storage: StorageAdapter,
  member: { id: number; parent_id: number | null },
  input: SealAddInput,
): Promise<SealView> {
  if (member.parent_id !== null) throw subAccountRefused();
  const file = await findOwnFile(db, member.id, input.file_id, 'seal');
  if (!file) throw notFound();
  const bytes = await readFileBytes(storage, file);
  if (!bytes) throw notFound();
  const problem = checkSealPng(bytes);
  if (problem === 'notPng') throw new SealError('sealing.notPng', { status: 415, code: Codes.UNSUPPORTED_MEDIA, field: 'file_id' });
  if (problem) throw badInput('sealing.pngRequired', 'file_id');
  const row = await insertSeal(db, {
    ownerId: member.id,
    name: input.name,
    kind: input.kind,
    companyName: input.company_name,
    source: 'upload',
    diameterMm: input.diameter_mm,
    fileId: file.id,
  });
  return viewSeal(row);
}

/** POST /seal/generate: the standard red seal, drawn and stored as the member's PNG. */
export async function generateSeal(
  db: Db,
  storage: StorageAdapter,
  member: { id: number; parent_id: number | null },
  input: SealGenerateInput,
  opts: { status?: SealStatus; now?: number } = {},
): Promise<SealView> {
  if (member.parent_id !== null) throw subAccountRefused();
  // Refuse a sixth seal before drawing (the insert checks again, under the lock).
  const [{ n }] = await db.sql`SELECT COUNT(*) AS n FROM seal WHERE user_id = ${member.id} AND status IN ('pending', 'approved')`;
  if (num(n) >= MAX_LIVE_SEALS) throw conflict('sealing.tooManySeals');
  const png = await drawSealPng({ companyName: input.company_name, innerText: input.inner_text, diameterMm: 40 });
  const file = await storeServerFile(db, storage, {
    userId: member.id,
    topic: 'seal',
    name: `seal-${input.kind}.png`,
    mime: 'image/png',
    bytes: png,
    width: 480,
    height: 480,
  });
  const row = await insertSeal(db, {
    ownerId: member.id,
    name: input.inner_text || KIND_NAMES[input.kind],
    kind: input.kind,
    companyName: input.company_name,
    source: 'generated',
    diameterMm: 40,
    fileId: file.id,
    ...opts,
  });
  return viewSeal(row);
}

/** GET /seal/list: the company's seals, newest first. */
export async function listSeals(db: Db, ownerId: number): Promise<SealView[]> {
  const rows = await db.sql`SELECT * FROM seal WHERE user_id = ${ownerId} ORDER BY id DESC`;
  return rows.map((r: Record<string, unknown>) => viewSeal(toSealRow(r)));
}

/** POST /seal/delete: only a pending or rejected seal, only the owner's (else 404). */
export async function deleteSeal(db: Db, ownerId: number, id: number): Promise<void> {
  const seal = await findSeal(db, id);
  if (!seal || seal.user_id !== ownerId) throw notFound();
  const gone = await inTransaction(db, async (tx) => {
    const rows = await tx`DELETE FROM seal WHERE id = ${id} AND user_id = ${ownerId} AND status IN ('pending', 'rejected') RETURNING id`;
    if (rows.length) await writeAudit(tx, { userId: ownerId, action: 'seal.delete', detail: { seal_id: id } });
    return rows.length;
  });
  if (!gone) throw conflict('sealing.deleteState', { status: seal.status });
}

/** The seal's PNG bytes (the caller has checked who may see them). */
export async function sealImage(db: Db, storage: StorageAdapter, seal: SealRow): Promise<Uint8Array | null> {
  const file = await findOwnFile(db, seal.user_id, seal.file_id);
  return file ? readFileBytes(storage, file) : null;
}

export type ReviewAction = 'approve' | 'reject' | 'revoke';
const TRANSITIONS: Record<ReviewAction, { from: SealStatus; to: SealStatus }> = {
  approve: { from: 'pending', to: 'approved' },
  reject: { from: 'pending', to: 'rejected' },
  revoke: { from: 'approved', to: 'revoked' },
};

/** An operator's decision: a conditional UPDATE from the one allowed state, plus an audit entry (409 otherwise). */
export async function reviewSeal(db: Db, operatorId: number, id: number, action: ReviewAction, text: string, ip = ''): Promise<SealView> {
  const { from, to } = TRANSITIONS[action];
  const now = nowSeconds();
  const row = await inTransaction(db, async (tx) => {
    const [r] =
      await tx`UPDATE seal SET status = ${to}, reason = ${text}, reviewed_by = ${operatorId}, reviewed_at = ${now}, updated_at = ${now}
      WHERE id = ${id} AND status = ${from} RETURNING *`;
    if (r) {
      await writeAudit(tx, { userId: operatorId, action: `seal.${action}`, detail: { seal_id: id, owner_id: num(r.user_id), text }, ip });
      await notifySealReviewed(tx, r, now);
    }
    return r;
  });
  if (row) return viewSeal(toSealRow(row));
  const seal = await findSeal(db, id);
  if (!seal) throw notFound();
  throw conflict('sealing.sealState', { status: seal.status });
}

/** What an operator sees of a seal: the member behind it too. */
export interface OperatorSealView extends SealView {
  user_id: number;
  username: string;
  reviewed_at: number | null;
}

/** GET /operator/seal/list: by status (pending by default), oldest first; keyword on names. */
export async function operatorListSeals(db: Db, q: OperatorListQuery): Promise<{ list: OperatorSealView[]; total: number }> {
  const sql = db.sql;
  let where = sql`1 = 1`;
  if (q.status) where = sql`${where} AND s.status = ${q.status}`;
  if (q.keyword) {
    const like = `%${q.keyword.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    where = sql`${where} AND (LOWER(s.name) LIKE ${like} ESCAPE '\\' OR LOWER(s.company_name) LIKE ${like} ESCAPE '\\'
      OR LOWER(u.username) LIKE ${like} ESCAPE '\\')`;
  }
  const [{ n }] = await db.sql`SELECT COUNT(*) AS n FROM seal s JOIN "user" u ON u.id = s.user_id WHERE ${where}`;
  const rows = await db.sql`SELECT s.*, u.username FROM seal s JOIN "user" u ON u.id = s.user_id WHERE ${where}
    ORDER BY s.created_at ASC, s.id ASC LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`;
  return {
    list: rows.map((r: Record<string, unknown>) => {
      const s = toSealRow(r);
      return { ...viewSeal(s), user_id: s.user_id, username: String(r.username), reviewed_at: s.reviewed_at };
    }),
    total: num(n),
  };
}

/** One seal for an operator (404 when there is none). */
export async function operatorSealDetail(db: Db, id: number): Promise<OperatorSealView> {
  const [r] = await db.sql`SELECT s.*, u.username FROM seal s JOIN "user" u ON u.id = s.user_id WHERE s.id = ${id}`;
  if (!r) throw notFound();
  const s = toSealRow(r);
  return { ...viewSeal(s), user_id: s.user_id, username: String(r.username), reviewed_at: s.reviewed_at };
}
