/**
 * The claims' part of the member's desk (the account overview, #29): claims that wait on the member
 * (documents asked for) and how many are still open. For the records a member may see.
 */
import { type Db, num } from '~/server/db/client';

export interface DeskClaim {
  id: number;
  claimNo: string;
  insuredName: string;
  accidentDate: string;
}

/** The newest `limit` claims asking for documents, how many do, and how many claims are open. */
export async function claimDesk(db: Db, userIds: number[], { limit = 5 } = {}) {
  const { sql } = db;
  const [waiting, [open]] = await Promise.all([
    sql`SELECT id, claim_no, insured_name, accident_date, COUNT(*) OVER () AS total FROM claim
      WHERE user_id IN ${sql(userIds)} AND status = 'need_documents' ORDER BY updated_at DESC, id DESC LIMIT ${limit}`,
    sql`SELECT COUNT(*) AS n FROM claim WHERE user_id IN ${sql(userIds)} AND status IN ('reported', 'reviewing', 'need_documents', 'approved')`,
  ]);
  const claims: DeskClaim[] = waiting.map((r: Record<string, unknown>) => ({
    id: num(r.id),
    claimNo: String(r.claim_no),
    insuredName: String(r.insured_name),
    accidentDate: String(r.accident_date),
  }));
  return { waiting: claims, waitingCount: num(waiting[0]?.total), open: num(open?.n) };
}

export type ClaimDesk = Awaited<ReturnType<typeof claimDesk>>;
