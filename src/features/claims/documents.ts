/**
 * A claim's documents: per kind, each file the caller's own upload (topic `claim`), at most 20 per
 * kind, added and removed only while the claim is `reported` or `need_documents`. Claim files are
 * read through the claims API (the claim's member and `operator/claims` holders only).
 */
import type { SQL } from 'bun';
import { type AttachmentRow, findOwnFile, getStorage, readFileBytes } from '~/features/upload';
import { writeAudit } from '~/server/audit';
import { type Db, num, nowSeconds } from '~/server/db/client';
import { type Actor, badField, type Claim, notFound, toClaim, wrongState } from './model';
import { type DocumentKind, MAX_FILES_PER_KIND, requiredDocuments } from './schemas';

type Row = Record<string, unknown>;

/** Statuses in which documents may be added or removed. */
export const DOCUMENT_STATUSES = ['reported', 'need_documents'] as const;

export interface ClaimDocumentFile {
  /** The claim_document row id (what documentDelete takes). */
  id: number;
  fileId: number;
  kind: DocumentKind;
  round: number;
  userId: number;
  name: string;
  size: number;
  createdAt: number;
}

/** Every document of a claim, with its file's name and size, in upload order. */
export async function claimDocuments(sql: SQL, claimId: number): Promise<ClaimDocumentFile[]> {
  const rows: Row[] = await sql`SELECT d.id, d.file_id, d.kind, d.round, d.user_id, d.created_at, a.name, a.size
    FROM claim_document d LEFT JOIN attachment a ON a.id = d.file_id WHERE d.claim_id = ${claimId} ORDER BY d.id`;
  return rows.map((r) => ({
    id: num(r.id),
    fileId: num(r.file_id),
    kind: String(r.kind) as DocumentKind,
    round: num(r.round),
    userId: num(r.user_id),
    name: String(r.name ?? ''),
    size: num(r.size),
    createdAt: num(r.created_at),
  }));
}

/**
 * Kinds still without a file: every required kind, and (with `requested`) every kind the operator
 * asked for that has no file uploaded since the request (the current round).
 */
export async function missingKinds(sql: SQL, claim: Claim, requested: boolean): Promise<DocumentKind[]> {
  const docs = await claimDocuments(sql, claim.id);
  const have = new Set(docs.map((d) => d.kind));
  const fresh = new Set(docs.filter((d) => d.round >= claim.round).map((d) => d.kind));
  const missing: DocumentKind[] = [];
  for (const d of requiredDocuments(claim.type, claim.policyType, claim.named)) {
    if (d.required && !have.has(d.kind)) missing.push(d.kind);
  }
  if (requested) for (const k of claim.requestedKinds) if (!fresh.has(k) && !missing.includes(k)) missing.push(k);
  return missing;
}

/** Lock the claim for a document change: it must be visible and in a documents status (else 404 / 409). */
async function lockForDocuments(tx: SQL, id: number, scope: number[]): Promise<Claim> {
  const [r] = await tx`SELECT * FROM claim WHERE id = ${id}`;
  if (!r || !scope.includes(num(r.user_id))) throw notFound();
  const claim = toClaim(r);
  // The UPDATE takes the row lock (PostgreSQL) / write lock (SQLite), so a racing transition waits.
  const [locked] = await tx`UPDATE claim SET updated_at = ${nowSeconds()}
    WHERE id = ${id} AND status IN ${tx([...DOCUMENT_STATUSES])} RETURNING *`;
  if (!locked) throw wrongState(claim.status);
  return toClaim(locked);
}

/** Member: attach one of the caller's own `claim` uploads to a kind of the claim's checklist. */
export async function addDocument(
  db: Db,
  actor: Actor,
  scope: number[],
  input: { id: number; kind: DocumentKind; file_id: number },
): Promise<{ document_id: number }> {
  const file = await findOwnFile(db, actor.userId, input.file_id, 'claim');
  return (await db.sql.begin(async (tx) => {
    const claim = await lockForDocuments(tx, input.id, scope);
    if (!requiredDocuments(claim.type, claim.policyType, claim.named).some((d) => d.kind === input.kind)) {
      throw badField('kind', 'claim.kindNotApplicable');
    }
    if (!file) throw notFound();
    const same: Row[] = await tx`SELECT id FROM claim_document WHERE claim_id = ${claim.id} AND kind = ${input.kind}`;
    const [existing] =
      await tx`SELECT id FROM claim_document WHERE claim_id = ${claim.id} AND kind = ${input.kind} AND file_id = ${file.id} AND round = ${claim.round}`;
    if (existing) return { document_id: num(existing.id) }; // the same file twice: once
    if (same.length >= MAX_FILES_PER_KIND) throw badField('file_id', 'claim.tooManyFiles', { max: MAX_FILES_PER_KIND });
    const [row] = await tx`INSERT INTO claim_document (claim_id, kind, file_id, round, user_id, created_at)
      VALUES (${claim.id}, ${input.kind}, ${file.id}, ${claim.round}, ${actor.userId}, ${nowSeconds()}) RETURNING id`;
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'claim.document',
      detail: { claim_id: claim.id, kind: input.kind, file_id: file.id },
      ip: actor.ip,
    });
    return { document_id: num(row.id) };
  })) as { document_id: number };
}

/** Member: remove one document (the row; the upload itself stays the member's). */
export async function deleteDocument(db: Db, actor: Actor, scope: number[], input: { id: number; document_id: number }): Promise<void> {
  await db.sql.begin(async (tx) => {
    const claim = await lockForDocuments(tx, input.id, scope);
    const gone = await tx`DELETE FROM claim_document WHERE id = ${input.document_id} AND claim_id = ${claim.id} RETURNING kind, file_id`;
    if (!gone.length) throw notFound();
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'claim.documentDelete',
      detail: { claim_id: claim.id, kind: String(gone[0].kind), file_id: num(gone[0].file_id) },
      ip: actor.ip,
    });
  });
}

/**
 * The bytes of one claim file, for the claim's member (scope) or an operator (scope null); 404 for
 * anyone else, for a document of another claim, or when the stored object is gone.
 */
export async function readClaimFile(
  db: Db,
  scope: number[] | null,
  claimId: number,
  documentId: number,
): Promise<{ file: AttachmentRow; bytes: Uint8Array }> {
  const [d] = await db.sql`SELECT d.file_id, d.user_id, c.user_id AS owner FROM claim_document d JOIN claim c ON c.id = d.claim_id
    WHERE d.id = ${documentId} AND d.claim_id = ${claimId}`;
  if (!d || (scope && !scope.includes(num(d.owner)))) throw notFound();
  const file = await findOwnFile(db, num(d.user_id), num(d.file_id));
  if (!file) throw notFound();
  const bytes = await readFileBytes(getStorage(), file);
  if (!bytes) throw notFound();
  return { file, bytes };
}
