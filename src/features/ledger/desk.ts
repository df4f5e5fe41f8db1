/**
 * The ledgers' part of the member's desk (the account overview, #29): net premium per month from
 * the policies' premium account (paid less returned), for the records a member may see.
 */
import { sumByBucket } from '~/lib/buckets';
import { type Db, num } from '~/server/db/client';

/** Net premium (fen) in each month whose start (epoch ms, oldest first) is given; `end` closes the last. */
export async function premiumByMonth(db: Db, userIds: number[], starts: number[], end: number): Promise<number[]> {
  const rows = await db.sql`SELECT created_at, amount FROM premium_entry
    WHERE user_id IN ${db.sql(userIds)} AND created_at >= ${starts[0]} AND created_at < ${end}`;
  return sumByBucket(
    rows.map((r: Record<string, unknown>) => ({ at: num(r.created_at), amount: num(r.amount) })),
    starts,
  );
}
