/**
 * Reconcile a policy's roster with HR's current staff list (issue #31, item 3). The member uploads
 * the list (CSV or XLSX, the import's template: name, ID number, occupation class — the class may be
 * left empty); {@link compareRoster} says who is insured but not on the list (proposed removals),
 * who is on the list but not insured (proposed additions) and whose details differ under the same
 * ID number (proposed corrections). ID numbers are compared normalised (GB 11643: 18 characters,
 * upper-case X). {@link applyReconcile} turns the ticked proposals into one endorsement draft, in one
 * transaction, through the draft functions (so every rule of an edit applies).
 */
import type { SQL } from 'bun';
import { readSheet, type SheetRow } from '~/features/orders';
import { maskResidentId, parseResidentId } from '~/lib/cn-id';
import type { Db } from '~/server/db/client';
import { Codes, DomainError } from '~/server/errors';
import { checkEffective, checkEligible } from './checks';
import { draftConflict, insertDraft, loadVisiblePolicy, PriorDraft } from './drafts';
import { DataError, invalid } from './errors';
import { addItemsIn } from './items';
import { type EndorseContext, type Endorsement, today, toEndorsement } from './model';
import { rulesOfPolicy } from './plan';
import type { InsuredRow, Policy } from './policy';
import { addDays } from './premium';
import type { ItemInput, ReconcileApplyInput } from './schemas';

/** Largest staff list read, in bytes (2,000 rows of CSV or XLSX fit many times over). */
export const MAX_LIST_BYTES = 2 * 1024 * 1024;

/** Rows read from one file (the import's limit). */
export const MAX_STAFF_ROWS = 2000;

/** One person of the staff list. `occupation_class` is null when the file leaves it empty. */
export interface StaffRow {
  row: number;
  name: string;
  id_no: string;
  occupation_class: number | null;
}

export interface StaffProblem {
  row: number;
  field: 'name' | 'id_no' | 'occupation_class' | 'file';
  key: string;
  params?: Record<string, string | number>;
}

/** An ID number as compared: no spaces, upper-case X (GB 11643's check character). */
export const normalId = (id: string) => id.replace(/\s+/g, '').toUpperCase();
/** A name as compared: trimmed, inner runs of spaces as one (full-width spaces too), NFC. */
export const normalName = (name: string) =>
  name
    .normalize('NFC')
    .replace(/[\s\u3000]+/g, ' ')
    .trim();

/** Check the list's rows: name 2–30 characters, a valid ID number, class empty or 1–6, no ID twice. */
export function checkStaffRows(rows: SheetRow[]): { staff: StaffRow[]; problems: StaffProblem[] } {
  const staff: StaffRow[] = [];
  const problems: StaffProblem[] = [];
  const seen = new Map<string, number>();
  rows.forEach(({ row, cells }, i) => {
    const [rawName = '', rawId = '', rawCls = ''] = cells.map((c) => c.trim());
    const name = normalName(rawName);
    const idNo = normalId(rawId);
    if (!name && !idNo && !rawCls) return;
    if (i === 0 && !parseResidentId(idNo) && /[a-z]|姓名|身份/i.test(`${name}${idNo}`)) return; // a header row
    const before = problems.length;
    if (name.length < 2 || name.length > 30) problems.push({ row, field: 'name', key: 'endorse.nameInvalid' });
    const id = parseResidentId(idNo);
    if (!id) problems.push({ row, field: 'id_no', key: 'endorse.idNoInvalid' });
    const cls = rawCls === '' ? null : Number(rawCls);
    if (cls !== null && (!Number.isInteger(cls) || cls < 1 || cls > 6))
      problems.push({ row, field: 'occupation_class', key: 'endorse.classInvalid' });
    if (id) {
      const first = seen.get(id.id);
      if (first !== undefined) problems.push({ row, field: 'id_no', key: 'endorse.reconcileIdTwice', params: { row: first } });
      else seen.set(id.id, row);
    }
    if (problems.length === before && id) staff.push({ row, name, id_no: id.id, occupation_class: cls });
  });
  return { staff, problems };
}

export interface RosterComparison {
  /** Insured on the day, not on the list. */
  removals: InsuredRow[];
  /** On the list, not insured on the day nor later. */
  additions: StaffRow[];
  /** The same ID number with another name, or another class where the list gives one. */
  corrections: { insured: InsuredRow; staff: StaffRow; name: boolean; cls: boolean }[];
}

/**
 * Compare the list with the roster: `roster` is who is insured on the day, `later` who else holds
 * cover from after it (joiners already on their way are not proposed again).
 */
export function compareRoster(staff: StaffRow[], roster: InsuredRow[], later: InsuredRow[] = []): RosterComparison {
  const listed = new Map(staff.map((s) => [normalId(s.id_no), s]));
  const insured = new Map(roster.map((r) => [normalId(r.idNo), r]));
  const known = new Set([...insured.keys(), ...later.map((r) => normalId(r.idNo))]);
  const removals = roster.filter((r) => !listed.has(normalId(r.idNo)));
  const additions = staff.filter((s) => !known.has(normalId(s.id_no)));
  const corrections: RosterComparison['corrections'] = [];
  for (const s of staff) {
    const r = insured.get(normalId(s.id_no));
    if (!r) continue;
    const name = normalName(r.name) !== normalName(s.name);
    const cls = s.occupation_class !== null && s.occupation_class !== r.cls;
    if (name || cls) corrections.push({ insured: r, staff: s, name, cls });
  }
  return { removals, additions, corrections };
}

/** The first day a removal or addition may take effect: not before the policy starts. */
export const earliestEffective = (policy: Policy, day: string) => (day < policy.start ? policy.start : day);

/** The first day the plan's lead-time rule lets a draft take effect from `day` (a warning does not move it). */
export async function firstAllowedDay(sql: SQL, policy: Policy, day: string): Promise<string> {
  const rules = await rulesOfPolicy(sql, policy);
  const lead = rules.lead_time.severity === 'error' ? (rules.lead_time.value ?? 1) : 0;
  return earliestEffective(policy, addDays(day, lead));
}

async function rosterOnDay(sql: SQL, ctx: EndorseContext, orderId: number, day: string): Promise<InsuredRow[]> {
  const out: InsuredRow[] = [];
  for (let page = 1; ; page++) {
    const { list, total } = await ctx.port.rosterOn(sql, orderId, day, '', page, 1000);
    out.push(...list);
    if (!list.length || out.length >= total) return out;
  }
}

/** What POST endorse/reconcile answers (ID numbers of the roster masked; the list's are the member's own). */
export interface ReconcileView {
  order_id: number;
  policy_no: string;
  as_of: string;
  effective_date: string;
  effective_min: string;
  effective_max: string;
  classes: number[];
  /** The policy's open endorsement (a draft cannot be made until it is done), or null. */
  open_id: number | null;
  rows: number;
  removals: { insured_id: number; name: string; id_no_masked: string; class: number; active_from: string }[];
  additions: { row: number; name: string; id_no: string; occupation_class: number | null }[];
  corrections: {
    insured_id: number;
    row: number;
    id_no: string;
    name_before: string;
    name: string;
    class_before: number;
    occupation_class: number;
    changes: ('name' | 'class')[];
  }[];
  errors: StaffProblem[];
}

/**
 * Read the staff list and compare it with the policy's roster on its earliest effective day. A
 * file that cannot be read or holds nobody is 400; bad rows are listed in `errors` (and nothing is
 * proposed: a person whose row is wrong would read as a leaver).
 */
export async function reconcilePreview(
  db: Db,
  userId: number,
  orderId: number,
  bytes: Uint8Array,
  fileName: string,
  ctx: EndorseContext,
): Promise<ReconcileView> {
  const policy = await loadVisiblePolicy(db, ctx.port, userId, orderId);
  checkEligible(policy);
  const sheet = readSheet(bytes, fileName);
  if (!sheet) throw invalid('file', 'endorse.importUnreadable');
  const { staff, problems } = checkStaffRows(sheet.slice(0, MAX_STAFF_ROWS + 1));
  if (sheet.length > MAX_STAFF_ROWS + 1)
    problems.push({ row: sheet[MAX_STAFF_ROWS + 1].row, field: 'file', key: 'endorse.reconcileTooMany', params: { max: MAX_STAFF_ROWS } });
  if (!staff.length && !problems.length) throw invalid('file', 'endorse.importEmpty');
  const day = await firstAllowedDay(db.sql, policy, await today(db, ctx));
  const [open] = await db.sql`SELECT id FROM endorsement WHERE order_id = ${policy.id} AND status IN ('draft', 'submitted')`;
  const base = {
    order_id: policy.id,
    policy_no: policy.policyNo,
    as_of: day,
    effective_date: day,
    effective_min: day,
    effective_max: policy.end,
    classes: policy.classes.filter((c) => policy.premiumOf(c) !== null),
    open_id: open ? Number(open.id) : null,
    rows: staff.length + new Set(problems.map((p) => p.row)).size,
  };
  if (problems.length) return { ...base, removals: [], additions: [], corrections: [], errors: problems };
  const roster = await rosterOnDay(db.sql, ctx, policy.id, day);
  const later = await ctx.port.activeFromOn(
    db.sql,
    policy.id,
    day,
    staff.map((s) => s.id_no),
  );
  const cmp = compareRoster(staff, roster, later);
  return {
    ...base,
    removals: cmp.removals.map((r) => ({
      insured_id: r.id,
      name: r.name,
      id_no_masked: maskResidentId(r.idNo),
      class: r.cls,
      active_from: r.activeFrom,
    })),
    additions: cmp.additions.map((s) => ({ row: s.row, name: s.name, id_no: s.id_no, occupation_class: s.occupation_class })),
    corrections: cmp.corrections.map((c) => ({
      insured_id: c.insured.id,
      row: c.staff.row,
      id_no: c.staff.id_no,
      name_before: c.insured.name,
      name: c.staff.name,
      class_before: c.insured.cls,
      occupation_class: c.staff.occupation_class ?? c.insured.cls,
      changes: [...(c.name ? (['name'] as const) : []), ...(c.cls ? (['class'] as const) : [])],
    })),
    errors: [],
  };
}

/** Which proposal an item came from, for the error of the one that failed. */
type Origin = { proposal: 'remove' | 'add' | 'correct'; index: number; name: string };

/**
 * The items of the ticked proposals: removals, additions, and each correction as what differs —
 * the name alone or the class alone is a correction; both at once replace the person with themself
 * (same ID number) so the cover is re-priced on the new class under the new name.
 */
async function itemsOf(
  sql: SQL,
  ctx: EndorseContext,
  policy: Policy,
  draftId: number,
  input: ReconcileApplyInput,
): Promise<{ items: ItemInput[]; origins: Origin[] }> {
  const items: ItemInput[] = [];
  const origins: Origin[] = [];
  const id = draftId;
  input.remove.forEach((insured_id, index) => {
    items.push({ id, kind: 'remove', insured_id });
    origins.push({ proposal: 'remove', index, name: '' });
  });
  input.add.forEach((p, index) => {
    items.push({ id, kind: 'add', name: p.name, id_no: p.id_no, occupation_class: p.occupation_class });
    origins.push({ proposal: 'add', index, name: p.name });
  });
  for (const [index, c] of input.correct.entries()) {
    const row = await ctx.port.findInsured(sql, policy.id, c.insured_id);
    if (!row || normalId(row.idNo) !== normalId(c.id_no)) throw invalid('correct', 'endorse.insuredInvalid');
    const name = normalName(c.name) !== normalName(row.name);
    const cls = c.occupation_class !== row.cls;
    if (!name && !cls) throw invalid('correct', 'endorse.reconcileSame');
    const base = { id, insured_id: row.id };
    if (name && cls)
      items.push({ ...base, kind: 'replace', name: normalName(c.name), id_no: row.idNo, occupation_class: c.occupation_class });
    else if (name) items.push({ ...base, kind: 'correct', name: normalName(c.name) });
    else items.push({ ...base, kind: 'correct', occupation_class: c.occupation_class });
    origins.push({ proposal: 'correct', index, name: c.name });
  }
  return { items, origins };
}

/**
 * Make one endorsement draft of the ticked proposals, in one transaction: the draft, its items,
 * its totals — or nothing. The same request id returns the same draft; an open endorsement on
 * the policy is 409 with `data.open_id`; a failing proposal is 400 naming it (`data.proposal`,
 * `data.index`).
 */
export async function applyReconcile(
  db: Db,
  userId: number,
  input: ReconcileApplyInput,
  ctx: EndorseContext,
): Promise<{ endorsement: Endorsement; items: number }> {
  const prior = await db.sql`SELECT * FROM endorsement WHERE user_id = ${userId} AND request_id = ${input.request_id}`;
  if (prior.length) return priorResult(db, toEndorsement(prior[0]));
  const policy = await loadVisiblePolicy(db, ctx.port, userId, input.order_id);
  checkEligible(policy);
  const day = await today(db, ctx);
  checkEffective(policy, input.effective_date, day);
  if (!input.remove.length && !input.add.length && !input.correct.length) throw invalid('items', 'endorse.reconcileNothing');
  try {
    return await db.sql.begin(async (tx) => {
      const draft = await insertDraft(tx, userId, policy, { ...input, remark: '' }, day, ctx);
      const { items, origins } = await itemsOf(tx, ctx, policy, draft.id, input);
      const r = await addItemsIn(tx, draft, policy, items, ctx, (index, err) => {
        if (!(err instanceof DomainError) || err.status !== 400) return err;
        const o = origins[index];
        return new DataError(
          err.key,
          { status: 400, code: Codes.VALIDATION, field: err.field, params: err.params },
          { proposal: o.proposal, index: o.index, name: o.name },
        );
      });
      return { endorsement: r.endorsement, items: items.length };
    });
  } catch (err) {
    const why = await draftConflict(db, userId, policy.id, input.request_id, err);
    if (why instanceof PriorDraft) return priorResult(db, why.endorsement);
    throw why;
  }
}

async function priorResult(db: Db, e: Endorsement): Promise<{ endorsement: Endorsement; items: number }> {
  const [r] = await db.sql`SELECT COUNT(*) AS n FROM endorsement_item WHERE endorsement_id = ${e.id}`;
  return { endorsement: e, items: Number(r.n) };
}
