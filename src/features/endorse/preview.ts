/** The dry run of a draft (POST endorse/preview and the draft page): its plan, read-only. */
import type { Db } from '~/server/db/client';
import { notFound } from './errors';
import { type EndorseContext, findVisibleEndorsement, loadItems, today } from './model';
import { type EndorsePlan, planEndorsement, teamOf } from './plan';

/** The plan of a draft the member may see (someone else's: 404). */
export async function previewEndorsement(db: Db, userId: number, id: number, ctx: EndorseContext): Promise<EndorsePlan> {
  const e = await findVisibleEndorsement(db, userId, id, db);
  const policy = await ctx.port.loadPolicy(db.sql, e.orderId);
  if (!policy) throw notFound();
  const [day, team] = await Promise.all([today(db, ctx), teamOf(db, e.userId)]);
  const items = await loadItems(db.sql, e.id);
  return planEndorsement(db.sql, ctx.port, policy, e, items, { today: day, team });
}
