/**
 * An item's premium on the draft's effective date, and the draft's totals and counts from its
 * items. The same functions price the draft, the submission and the roster change on approval,
 * so what the member is charged is what the rows record.
 *
 * Per row: a person added from E pays `r(P, d, D)` (d = days from E to the end); a row leaving on
 * E gives back `r(P, days it would still have covered from E, D)`, never more than it paid, and
 * everything when its cover would only start on or after E (the row is then removed).
 */
import type { SQL } from 'bun';
import type { PremiumPerson } from '~/features/ledger';
import { maskResidentId } from '~/lib/cn-id';
import { nowSeconds } from '~/server/db/client';
import { type Endorsement, type EndorseItem, loadItems, type PersonFacts, toEndorsement } from './model';
import type { InsuredRow, Policy, RosterPort } from './policy';
import { daysInclusive, type ItemKind, periodDays, premiumDelta, proRata } from './premium';

/** The part of an existing row's cover a change from `E` gives back (fen), and whether it never starts. */
export function leavingRefund(
  row: Pick<InsuredRow, 'activeFrom' | 'activeTo' | 'premium'>,
  P: number,
  E: string,
  policy: Pick<Policy, 'start' | 'end'>,
) {
  if (row.activeFrom >= E) return { refund: row.premium, neverStarts: true };
  const D = daysInclusive(policy.start, policy.end);
  const d = row.activeTo < E ? 0 : Math.min(D, daysInclusive(E, row.activeTo));
  return { refund: Math.min(row.premium, proRata(P, d, D)), neverStarts: false };
}

/** The row money of an item: what the leaving row gives back, what a new row pays, an in-place re-price. */
export function rowMoney(
  policy: Policy,
  kind: ItemKind,
  before: PersonFacts | null,
  after: PersonFacts | null,
  effective: string,
  row: Pick<InsuredRow, 'activeFrom' | 'activeTo' | 'premium'> | null,
) {
  const { D, d } = periodDays(policy, effective);
  const pOf = (f: PersonFacts | null) => (f ? (policy.premiumOf(f.occupation_class) ?? 0) : 0);
  const pOld = pOf(before);
  const pNew = pOf(after);
  const added = proRata(pNew, Math.max(0, Math.min(d, D)), D);
  const leaving = (P: number) => (row ? leavingRefund(row, P, effective, policy) : { refund: proRata(P, d, D), neverStarts: false });
  switch (kind) {
    case 'add':
      return { days: d, premium: added, leave: null, newRow: added, reprice: null };
    case 'remove': {
      const l = leaving(pOld);
      return { days: d, premium: -l.refund, leave: l, newRow: null, reprice: null };
    }
    case 'replace': {
      const l = leaving(pOld);
      return { days: d, premium: added - l.refund, leave: l, newRow: added, reprice: null };
    }
    case 'correct': {
      if (pOld === pNew) return { days: d, premium: 0, leave: null, newRow: null, reprice: null };
      if (row && row.activeFrom >= effective) {
        // The row has not started by E: its class changes in place, re-priced for its own days.
        const days = Math.min(D, daysInclusive(row.activeFrom, row.activeTo));
        const repriced = proRata(pNew, Math.max(0, days), D);
        return { days: d, premium: repriced - row.premium, leave: null, newRow: null, reprice: repriced };
      }
      const l = leaving(pOld);
      return { days: d, premium: added - l.refund, leave: l, newRow: added, reprice: null };
    }
  }
}

/** Premium and days of an item on a date (with the row it changes, when it changes one). */
export function priceItem(
  policy: Policy,
  kind: ItemKind,
  before: PersonFacts | null,
  after: PersonFacts | null,
  effective: string,
  row: Pick<InsuredRow, 'activeFrom' | 'activeTo' | 'premium'> | null = null,
) {
  const m = rowMoney(policy, kind, before, after, effective, row);
  return { days: m.days, premium: m.premium };
}

/** The insured row an item changes, or null. */
export async function rowOf(tx: SQL, port: RosterPort, policy: Policy, item: Pick<EndorseItem, 'insuredId'>): Promise<InsuredRow | null> {
  return item.insuredId ? port.findInsured(tx, policy.id, Number(item.insuredId)) : null;
}

/**
 * Price items on the draft's date, each with the roster row it changes: the one pricing the dry run
 * (plan.ts), the stored totals and so the submission's charge all use.
 */
export async function priceLines(
  tx: SQL,
  policy: Policy,
  effective: string,
  items: EndorseItem[],
  port?: RosterPort,
): Promise<{ item: EndorseItem; row: InsuredRow | null; days: number; premium: number }[]> {
  const out = [];
  for (const item of items) {
    const row = port ? await rowOf(tx, port, policy, item) : null;
    const priced = priceItem(policy, item.kind, item.before, item.after, effective, row);
    out.push({ item, row, ...priced });
  }
  return out;
}

/** Re-read the items, re-price them on the draft's date ({@link priceLines}), and store totals and counts. */
export async function refreshTotals(tx: SQL, e: Endorsement, policy: Policy, port?: RosterPort): Promise<Endorsement> {
  const items = await loadItems(tx, e.id);
  for (const line of await priceLines(tx, policy, e.effectiveDate, items, port)) {
    const item = line.item;
    if (line.premium !== item.premium || line.days !== item.days) {
      await tx`UPDATE endorsement_item SET premium = ${line.premium}, days = ${line.days} WHERE id = ${item.id}`;
      item.premium = line.premium;
      item.days = line.days;
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

/** The per-person lines of an endorsement's premium entry (ID numbers masked). */
export async function peopleOf(tx: SQL, endorsementId: number): Promise<PremiumPerson[]> {
  const [e] = await tx`SELECT effective_date FROM endorsement WHERE id = ${endorsementId}`;
  const items = await loadItems(tx, endorsementId);
  return items
    .filter((i) => i.premium !== 0)
    .map((i) => {
      const who = i.after ?? i.before;
      return {
        name: who?.name ?? '',
        id_no: who?.id_no ? maskResidentId(who.id_no) : '',
        class: (i.after ?? i.before)?.occupation_class ?? 0,
        from: String(e?.effective_date ?? ''),
        to: '',
        days: i.days,
        amount: i.premium,
      };
    });
}
