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

export interface EndorseDesk {
  endorsements: DeskEndorsement[];
  endorsementCount: number;
}

export async function endorseDesk(db: Db, userIds: number[], { limit = 5 } = {}): Promise<EndorseDesk> {
  const { sql } = db;
  const [rows, [count]] = await Promise.all([
    sql`SELECT id, apply_no, policy_no, status, effective_date FROM endorsement
      WHERE user_id IN ${sql(userIds)} AND status IN ('draft', 'submitted') ORDER BY updated_at DESC, id DESC LIMIT ${limit}`,
    sql`SELECT COUNT(*) AS n FROM endorsement WHERE user_id IN ${sql(userIds)} AND status IN ('draft', 'submitted')`,
  ]);
  return {
    endorsements: rows.map((r: Record<string, unknown>) => ({
      id: num(r.id),
      applyNo: String(r.apply_no),
      policyNo: String(r.policy_no),
      status: String(r.status) as DeskEndorsement['status'],
      effectiveDate: String(r.effective_date),
    })),
    endorsementCount: num(count?.n),
  };
}
