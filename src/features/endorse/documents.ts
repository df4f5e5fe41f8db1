/** An endorsement's documents: the member's own uploaded files, attached while it is a draft or submitted. */
import { writeAudit } from '~/server/audit';
import { type Db, num, nowSeconds } from '~/server/db/client';
import { type EndorseContext, findVisibleEndorsement, wrongState } from './model';

/** Attach an own uploaded file to an endorsement (draft or submitted). */
export async function addDocument(
  db: Db,
  userId: number,
  input: { id: number; kind: string; file_id: number },
  file: { id: number; name: string },
  ctx: EndorseContext,
): Promise<{ id: number }> {
  const e = await findVisibleEndorsement(db, userId, input.id, db);
  if (e.status !== 'draft' && e.status !== 'submitted') throw wrongState(e.status);
  const [row] = await db.sql`INSERT INTO endorsement_document ${db.sql({
    endorsement_id: e.id,
    kind: input.kind,
    file_id: String(file.id),
    name: file.name,
    created_at: nowSeconds(),
  })} RETURNING id`;
  await writeAudit(db, { userId, action: 'endorse.document', detail: { id: e.id, file_id: file.id }, ip: ctx.ip });
  return { id: num(row.id) };
}
