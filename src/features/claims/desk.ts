/**
 * The claims' part of the member's desk (the account overview, #29): claims that wait on the member
 * (documents asked for) and how many are still open. For the records a member may see.
 */
import { type Db, num } from '~/server/db/client';

export interface DeskClaim {
  id: number;
  claimNo: string;
  insuredName: string;
  status: string;
  accidentDate: string;
}

export interface ClaimDesk {
  /** Claims where the assessor asked the member for documents (newest first). */
  waiting: DeskClaim[];
  waitingCount: number;
  /** Claims not yet paid, refused or withdrawn. */
  open: number;
}

export async function claimDesk(db: Db, userIds: number[], { limit = 5 } = {}): Promise<ClaimDesk> {
  const { sql } = db;
  const [waiting, [counts]] = await Promise.all([
    sql`SELECT id, claim_no, insured_name, status, accident_date FROM claim
      WHERE user_id IN ${sql(userIds)} AND status = 'need_documents' ORDER BY updated_at DESC, id DESC LIMIT ${limit}`,
    sql`SELECT COALESCE(SUM(CASE WHEN status = 'need_documents' THEN 1 ELSE 0 END), 0) AS waiting,
        COUNT(*) AS open FROM claim
      WHERE user_id IN ${sql(userIds)} AND status IN ('reported', 'reviewing', 'need_documents', 'approved')`,
  ]);
  return {
    waiting: waiting.map((r: Record<string, unknown>) => ({
      id: num(r.id),
      claimNo: String(r.claim_no),
      insuredName: String(r.insured_name),
      status: String(r.status),
      accidentDate: String(r.accident_date),
    })),
    waitingCount: num(counts?.waiting),
    open: num(counts?.open),
  };
}
