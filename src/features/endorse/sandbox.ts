/**
 * The sandbox insurer: it decides a submitted endorsement after the configured delay, unless the
 * mode is manual or the endorsement needs a person (an ID fix, a large amount). A submitted
 * endorsement with `decide_after` is a due row: the scheduler's `insurer-answers` job (src/jobs)
 * decides it on whichever instance, and reads sweep due ones too, so a restart loses none.
 */
import { type Db, num, nowSeconds } from '~/server/db/client';
import { DomainError } from '~/server/errors';
import { getConfigValue } from '~/server/site-config';
import { approveEndorsement } from './approval';
import { type EndorseContext, type Endorsement, toEndorsement } from './model';
import { rejectEndorsement } from './transitions';
import { notifyEndorseQueued } from './notices';
import { inTransaction } from '~/server/db/after-commit';

/** Insurer settings (site config `insurer`): `mode` sandbox|manual, `endorseDelaySeconds`. */
export interface InsurerSettings {
  mode: 'sandbox' | 'manual';
  endorseDelaySeconds: number;
}

/**
 * The sandbox's answer delay when the site config holds none: five minutes, the member's window to
 * withdraw a submitted endorsement (issue #31). Operators change it on the settings page
 * (`insurer.endorseDelaySeconds`, 0–3600; 0 answers at once, as the API tests set it).
 */
export const DEFAULT_ENDORSE_DELAY_SECONDS = 300;

export async function insurerSettings(db: Db): Promise<InsurerSettings> {
  const raw = ((await getConfigValue(db, 'insurer')) ?? {}) as Record<string, unknown>;
  const delay = Number(raw.endorseDelaySeconds ?? DEFAULT_ENDORSE_DELAY_SECONDS);
  return { mode: raw.mode === 'manual' ? 'manual' : 'sandbox', endorseDelaySeconds: Number.isFinite(delay) && delay > 0 ? delay : 0 };
}

/** The sandbox decides unless the mode is manual, there is an ID fix, or |delta| > 5,000.00. */
export function sandboxDecides(insurer: InsurerSettings, e: Endorsement): boolean {
  return insurer.mode === 'sandbox' && !e.hasIdFix && Math.abs(e.premiumDelta) <= 500_000;
}

/** The sandbox insurer's decision on one endorsement that is due: remarks with SANDBOX-REJECT are rejected, the rest approved. */
export async function runSandboxInsurer(
  db: Db,
  ctx: EndorseContext & { renderNotice?: (db: Db, id: number) => Promise<void> },
  id: number,
): Promise<void> {
  const [row] =
    await db.sql`SELECT * FROM endorsement WHERE id = ${id} AND status = 'submitted' AND decide_after IS NOT NULL AND decide_after <= ${nowSeconds()}`;
  if (!row) return;
  const e = toEndorsement(row);
  try {
    if (e.remark.includes('SANDBOX-REJECT')) await rejectEndorsement(db, null, e.id, 'SANDBOX-REJECT', ctx);
    else await approveEndorsement(db, null, e.id, 'sandbox', ctx);
  } catch (err) {
    // Someone else decided first (409), or the roster moved: an operator sees it in the queue.
    if (!(err instanceof DomainError)) throw err;
    await inTransaction(db, async (tx) => {
      const handed = await tx`UPDATE endorsement SET decide_after = NULL WHERE id = ${e.id} AND status = 'submitted' RETURNING id`;
      if (handed.length) await notifyEndorseQueued(tx, e);
    });
  }
}

/** Decide every sandbox endorsement that is due (the scheduler's `insurer-answers` job, and reads). */
export async function runDueSandbox(db: Db, ctx: EndorseContext & { renderNotice?: (db: Db, id: number) => Promise<void> }): Promise<void> {
  const due =
    await db.sql`SELECT id FROM endorsement WHERE status = 'submitted' AND decide_after IS NOT NULL AND decide_after <= ${nowSeconds()} ORDER BY id LIMIT 20`;
  for (const r of due) await runSandboxInsurer(db, ctx, num(r.id));
}
