/**
 * The endorsements' part of the member's desk (the account overview, #29): roster changes not yet
 * decided (drafts to submit, requests with the insurer). For the records a member may see.
 */
import { type Db, num } from '~/server/db/client';

export interface DeskEndorsement {
  id: number;
  applyNo: string;
  policyNo: string;
  status: 'draft' | 'submitted';
  effectiveDate: string;
}

/** The newest `limit` open endorsements and how many there are in all. */
export async function endorseDesk(
  db: Db,
  userIds: number[],
  { limit = 5 } = {},
): Promise<{ endorsements: DeskEndorsement[]; endorsementCount: number }> {
  // COUNT(*) OVER (): the total of all matching rows rides along with the first few.
  const rows = await db.sql`SELECT id, apply_no, policy_no, status, effective_date, COUNT(*) OVER () AS total FROM endorsement
    WHERE user_id IN ${db.sql(userIds)} AND status IN ('draft', 'submitted') ORDER BY updated_at DESC, id DESC LIMIT ${limit}`;
  return {
    endorsements: rows.map((r: Record<string, unknown>) => ({
      id: num(r.id),
      applyNo: String(r.apply_no),
      policyNo: String(r.policy_no),
      status: String(r.status) as DeskEndorsement['status'],
      effectiveDate: String(r.effective_date),
    })),
    endorsementCount: num(rows[0]?.total),
  };
}

export type EndorseDesk = Awaited<ReturnType<typeof endorseDesk>>;
