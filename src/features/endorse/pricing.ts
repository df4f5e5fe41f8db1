/** An item's premium and days on the draft's effective date, and the draft's totals and counts from its items. */
import type { SQL } from 'bun';
import { nowSeconds } from '~/server/db/client';
import { type Endorsement, loadItems, type PersonFacts, toEndorsement } from './model';
import type { Policy } from './policy';
import { itemPremium, type ItemKind, periodDays, premiumDelta } from './premium';

/** Premium and days of an item on a date, from the policy's price snapshot. */
export function priceItem(policy: Policy, kind: ItemKind, before: PersonFacts | null, after: PersonFacts | null, effective: string) {
  const { D, d } = periodDays(policy, effective);
  const pOf = (f: PersonFacts | null) => (f ? (policy.premiumOf(f.occupation_class) ?? 0) : 0);
  return { days: d, premium: itemPremium(kind, pOf(before), pOf(after), d, D) };
}

/** Re-read the items, re-price them on the draft's date, and store totals and counts. */
export async function refreshTotals(tx: SQL, e: Endorsement, policy: Policy): Promise<Endorsement> {
  const items = await loadItems(tx, e.id);
  for (const item of items) {
    const priced = priceItem(policy, item.kind, item.before, item.after, e.effectiveDate);
    if (priced.premium !== item.premium || priced.days !== item.days) {
      await tx`UPDATE endorsement_item SET premium = ${priced.premium}, days = ${priced.days} WHERE id = ${item.id}`;
      item.premium = priced.premium;
      item.days = priced.days;
    }
  }
  const count = (k: ItemKind) => items.filter((i) => i.kind === k).length;
  const idFix = items.some((i) => i.kind === 'correct' && i.before && i.after && i.before.id_no !== i.after.id_no);
  const [row] = await tx`UPDATE endorsement SET
      premium_delta = ${premiumDelta(items)}, add_count = ${count('add')}, remove_count = ${count('remove')},
      replace_count = ${count('replace')}, correct_count = ${count('correct')}, has_id_fix = ${idFix ? 1 : 0},
      updated_at = ${nowSeconds()}
    WHERE id = ${e.id} RETURNING *`;
  return toEndorsement(row);
}
