/**
 * A draft's items: one or several added (the import) in one transaction, each checked against the
 * roster on the effective date and priced; one removed. The draft is re-totalled after each change.
 */
import type { SQL } from 'bun';
import { ageOn, parseResidentId } from '~/lib/cn-id';
import { type Db, nowSeconds } from '~/server/db/client';
import { checkItems, checkPerson, checkRemovable } from './checks';
import { lockDraft } from './drafts';
import { invalid, notFound } from './errors';
import {
  type EndorseContext,
  type Endorsement,
  type EndorseItem,
  findVisibleEndorsement,
  loadItems,
  type PersonFacts,
  toItem,
} from './model';
import type { InsuredRow, Policy, RosterPort } from './policy';
import { priceItem, refreshTotals } from './pricing';
import type { ItemInput } from './schemas';

function factsOf(row: InsuredRow): PersonFacts {
  return { name: row.name, id_no: row.idNo, occupation_class: row.cls, gender: row.gender, birthday: row.birthday };
}

/** Add one item to a draft (checked on the draft's effective date) and re-total. */
export async function addItem(
  db: Db,
  userId: number,
  input: ItemInput,
  ctx: EndorseContext,
): Promise<{ endorsement: Endorsement; item: EndorseItem }> {
  const r = await addItems(db, userId, input.id, [input], ctx);
  return { endorsement: r.endorsement, item: r.items[0] };
}

/**
 * Add several items to a draft in one transaction (the import): all or none. `onError(index, err)`
 * may replace a failing item's error (the import names the file's row).
 */
export async function addItems(
  db: Db,
  userId: number,
  id: number,
  inputs: ItemInput[],
  ctx: EndorseContext,
  onError?: (index: number, err: unknown) => unknown,
): Promise<{ endorsement: Endorsement; items: EndorseItem[] }> {
  const e = await findVisibleEndorsement(db, userId, id, db);
  const policy = await ctx.port.loadPolicy(db.sql, e.orderId);
  if (!policy) throw notFound();
  return db.sql.begin(async (tx) => addItemsIn(tx, await lockDraft(tx, e.id), policy, inputs, ctx, onError));
}

/**
 * {@link addItems} inside the caller's transaction, on a draft it has locked (or just written):
 * each item checked and stored, all of them checked together, the draft re-totalled.
 */
export async function addItemsIn(
  tx: SQL,
  cur: Endorsement,
  policy: Policy,
  inputs: ItemInput[],
  ctx: EndorseContext,
  onError?: (index: number, err: unknown) => unknown,
): Promise<{ endorsement: Endorsement; items: EndorseItem[] }> {
  const items = await loadItems(tx, cur.id);
  const added: EndorseItem[] = [];
  for (let i = 0; i < inputs.length; i++) {
    try {
      const item = await buildItem(tx, ctx.port, policy, cur, inputs[i]);
      // The item alone against the roster, plus the draft's own duplicates here (so an import
      // names the row); every item together is checked once after the loop.
      if (item.insuredId !== null && items.some((x) => x.insuredId === item.insuredId)) throw invalid('insured_id', 'endorse.insuredTwice');
      const newId = item.after && item.after.id_no !== item.before?.id_no ? item.after.id_no : null;
      if (newId && items.some((x) => x.after?.id_no === newId && x.after.id_no !== x.before?.id_no))
        throw invalid('id_no', 'endorse.idTwice');
      await checkItems(tx, ctx.port, policy, cur, [item]);
      const [row] = await tx`INSERT INTO endorsement_item ${tx({
        endorsement_id: cur.id,
        kind: item.kind,
        insured_id: item.insuredId,
        before_json: JSON.stringify(item.before ?? {}),
        after_json: JSON.stringify(item.after ?? {}),
        id_no: item.after?.id_no ?? item.before?.id_no ?? '',
        days: item.days,
        premium: item.premium,
        created_at: nowSeconds(),
      })} RETURNING *`;
      const stored = toItem(row);
      items.push(stored);
      added.push(stored);
    } catch (err) {
      throw onError ? onError(i, err) : err;
    }
  }
  try {
    await checkItems(tx, ctx.port, policy, cur, items);
  } catch (err) {
    throw onError ? onError(inputs.length - 1, err) : err;
  }
  const endorsement = await refreshTotals(tx, cur, policy, ctx.port);
  return { endorsement, items: added };
}

async function buildItem(tx: SQL, port: RosterPort, policy: Policy, e: Endorsement, input: ItemInput): Promise<EndorseItem> {
  const E = e.effectiveDate;
  let before: PersonFacts | null = null;
  let after: PersonFacts | null = null;
  let insuredId: number | null = null;
  let row: InsuredRow | null = null;
  if (input.kind === 'add') {
    after = checkPerson(policy, input, E);
  } else {
    insuredId = input.insured_id;
    row = await checkRemovable(tx, port, policy.id, input.insured_id, E);
    before = factsOf(row);
    if (input.kind === 'replace') after = checkPerson(policy, input, E);
    if (input.kind === 'correct') {
      if (input.name) after = { ...before, name: input.name };
      else if (input.id_no) {
        const id = parseResidentId(input.id_no);
        if (!id) throw invalid('id_no', 'endorse.idNoInvalid');
        after = { ...before, id_no: id.id, gender: id.gender, birthday: id.birthday };
        const age = ageOn(id.birthday, E);
        if (age < policy.age.min || age > policy.age.max)
          throw invalid('id_no', 'endorse.ageOutside', { min: policy.age.min, max: policy.age.max });
      } else {
        const cls = Number(input.occupation_class);
        if (cls === before.occupation_class) throw invalid('occupation_class', 'endorse.sameClass');
        if (!policy.classes.includes(cls) || policy.premiumOf(cls) === null)
          throw invalid('occupation_class', 'endorse.classNotAllowed', { class: cls });
        after = { ...before, occupation_class: cls };
      }
    }
  }
  const priced = priceItem(policy, input.kind, before, after, E, row);
  return { id: 0, kind: input.kind, insuredId, before, after, ...priced };
}

/** Remove an item from a draft. */
export async function deleteItem(db: Db, userId: number, id: number, itemId: number, ctx: EndorseContext): Promise<Endorsement> {
  const e = await findVisibleEndorsement(db, userId, id, db);
  const policy = await ctx.port.loadPolicy(db.sql, e.orderId);
  if (!policy) throw notFound();
  return db.sql.begin(async (tx) => {
    const cur = await lockDraft(tx, e.id);
    const gone = await tx`DELETE FROM endorsement_item WHERE id = ${itemId} AND endorsement_id = ${cur.id} RETURNING id`;
    if (!gone.length) throw invalid('item_id', 'endorse.itemInvalid');
    return refreshTotals(tx, cur, policy, ctx.port);
  });
}
