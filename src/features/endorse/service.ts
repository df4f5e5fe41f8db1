/**
 * Endorsements (批改, issue #10): a draft with items on one effective date, submitted (the positive
 * premium is debited), decided by the insurer or an operator (approved: number, roster change,
 * refund of a negative premium, notice PDF; rejected: the charge refunded), or cancelled.
 * Every transition is one transaction: a conditional update on the expected status, a timeline
 * event and an audit entry; money only through the ledger, keyed by request ids so it moves once.
 */
import type { SQL } from 'bun';
import { ageOn, maskResidentId, parseResidentId } from '~/lib/cn-id';
import { zonedParts } from '~/lib/format';
import { fenToYuan } from '~/lib/money';
import { changeBalance } from '~/features/ledger';
import { writeAudit } from '~/server/audit';
import { type Db, num, nowSeconds } from '~/server/db/client';
import { Codes, DomainError } from '~/server/errors';
import { visibleUserIds } from '~/server/members';
import { getConfigValue, getSiteConfig } from '~/server/site-config';
import { conflict, DataError, invalid, isUniqueViolation, notFound } from './errors';
import type { InsuredRow, Policy, RosterPort } from './policy';
import { addDays, dayNumber, itemPremium, type ItemKind, periodDays, premiumDelta } from './premium';
import type { CreateInput, EndorseListQuery, ItemInput, OperatorListQuery, UpdateInput } from './schemas';
import { canEndorse, ENDORSE_TRANSITIONS, type EndorseStatus, type EndorseTransition, memberActions } from './states';

type Row = Record<string, unknown>;

/** An endorsement row. */
export interface Endorsement {
  id: number;
  applyNo: string;
  endorseNo: string | null;
  userId: number;
  orderId: number;
  policyNo: string;
  status: EndorseStatus;
  effectiveDate: string;
  remark: string;
  premiumDelta: number;
  charged: number;
  refunded: number;
  counts: { add: number; remove: number; replace: number; correct: number };
  hasIdFix: boolean;
  reason: string;
  note: string;
  noticePath: string;
  decideAfter: number | null;
  submittedAt: number | null;
  decidedAt: number | null;
  createdAt: number;
  updatedAt: number;
}

export function toEndorsement(r: Row): Endorsement {
  return {
    id: num(r.id),
    applyNo: String(r.apply_no),
    endorseNo: r.endorse_no == null ? null : String(r.endorse_no),
    userId: num(r.user_id),
    orderId: num(r.order_id),
    policyNo: String(r.policy_no ?? ''),
    status: String(r.status) as EndorseStatus,
    effectiveDate: String(r.effective_date),
    remark: String(r.remark ?? ''),
    premiumDelta: num(r.premium_delta),
    charged: num(r.charged),
    refunded: num(r.refunded),
    counts: { add: num(r.add_count), remove: num(r.remove_count), replace: num(r.replace_count), correct: num(r.correct_count) },
    hasIdFix: num(r.has_id_fix) === 1,
    reason: String(r.reason ?? ''),
    note: String(r.note ?? ''),
    noticePath: String(r.notice_path ?? ''),
    decideAfter: r.decide_after == null ? null : num(r.decide_after),
    submittedAt: r.submitted_at == null ? null : num(r.submitted_at),
    decidedAt: r.decided_at == null ? null : num(r.decided_at),
    createdAt: num(r.created_at),
    updatedAt: num(r.updated_at),
  };
}

/** A person as an item stores it (before / after). */
export interface PersonFacts {
  name: string;
  id_no: string;
  occupation_class: number;
  gender?: number;
  birthday?: string;
}

export interface EndorseItem {
  id: number;
  kind: ItemKind;
  insuredId: number | null;
  before: PersonFacts | null;
  after: PersonFacts | null;
  days: number;
  premium: number;
}

function toItem(r: Row): EndorseItem {
  const parse = (s: unknown) => {
    const o = JSON.parse(String(s || '{}'));
    return o && Object.keys(o).length ? (o as PersonFacts) : null;
  };
  return {
    id: num(r.id),
    kind: String(r.kind) as ItemKind,
    insuredId: r.insured_id == null ? null : num(r.insured_id),
    before: parse(r.before_json),
    after: parse(r.after_json),
    days: num(r.days),
    premium: num(r.premium),
  };
}

/** Options every entry point takes: the roster port and, for tests and demo data, today's date. */
export interface EndorseContext {
  port: RosterPort;
  /** `YYYY-MM-DD` in the site time zone; default: now. */
  today?: string;
  /** Who acts (audit and timeline); default the member. */
  ip?: string;
}

/** Today in the site's time zone. */
export async function siteToday(db: Db): Promise<string> {
  const { site } = await getSiteConfig(db);
  const p = zonedParts(Date.now(), site.timezone);
  return `${p.YYYY}-${p.MM}-${p.DD}`;
}

const today = async (db: Db, ctx: EndorseContext) => ctx.today ?? (await siteToday(db));

const ELIGIBLE_TYPES = new Set(['guzhu', 'tuanyi']);

/** Effective, named-list guzhu/tuanyi policy, else 409. */
function checkEligible(policy: Policy): void {
  if (policy.status !== 'effective' || !policy.namedList || !ELIGIBLE_TYPES.has(policy.type)) {
    throw conflict('endorse.policyNotEligible');
  }
}

/** The effective date's rules: ≥ today, ≥ policy start, ≤ policy end. */
function checkEffective(policy: Policy, date: string, todayDate: string): void {
  if (date < todayDate) throw invalid('effective_date', 'endorse.effectiveTooEarly', { today: todayDate });
  if (date < policy.start) throw invalid('effective_date', 'endorse.effectiveBeforeStart', { start: policy.start });
  if (date > policy.end) throw invalid('effective_date', 'endorse.effectiveAfterEnd', { end: policy.end });
}

const wrongState = (status: string) =>
  new DomainError(`endorse.wrongState.${status}`, { status: 409, code: Codes.CONFLICT, params: { status } });

/** The member's (or a team member's) endorsement, else 404. */
export async function findVisibleEndorsement(db: Db | SQL, userId: number, id: number, dbForTeam: Db): Promise<Endorsement> {
  const sql = 'sql' in db ? db.sql : db;
  const ids = await visibleUserIds(dbForTeam, userId);
  const [row] = await sql`SELECT * FROM endorsement WHERE id = ${id} AND user_id IN ${sql(ids)}`;
  if (!row) throw notFound();
  return toEndorsement(row);
}

async function loadVisiblePolicy(db: Db, port: RosterPort, userId: number, orderId: number): Promise<Policy> {
  const policy = await port.loadPolicy(db.sql, orderId);
  if (!policy) throw notFound();
  const ids = await visibleUserIds(db, userId);
  if (!ids.includes(policy.userId)) throw notFound();
  return policy;
}

async function event(tx: SQL, endorsementId: number, from: string, to: string, actorId: number | null, note = ''): Promise<void> {
  await tx`INSERT INTO endorsement_event ${tx({
    endorsement_id: endorsementId,
    from_status: from,
    to_status: to,
    actor_id: actorId,
    note,
    created_at: nowSeconds(),
  })}`;
}

/** `EN` + yyyymmdd (site time zone) + 6 digits from the row id. */
function applyNoFor(day: string, id: number): string {
  return `EN${day.replaceAll('-', '')}${String(id % 1_000_000).padStart(6, '0')}`;
}

/**
 * Create a draft on an own effective named-list policy. The same request id returns the same
 * draft; a second open endorsement on the policy is refused by the database: 409 `data.open_id`.
 */
export async function createEndorsement(db: Db, userId: number, input: CreateInput, ctx: EndorseContext): Promise<Endorsement> {
  const prior = await db.sql`SELECT * FROM endorsement WHERE user_id = ${userId} AND request_id = ${input.request_id}`;
  if (prior.length) return toEndorsement(prior[0]);
  const policy = await loadVisiblePolicy(db, ctx.port, userId, input.order_id);
  checkEligible(policy);
  const day = await today(db, ctx);
  checkEffective(policy, input.effective_date, day);
  try {
    return await db.sql.begin(async (tx) => {
      const now = nowSeconds();
      const [row] = await tx`INSERT INTO endorsement ${tx({
        apply_no: `tmp-${crypto.randomUUID()}`,
        user_id: userId,
        order_id: policy.id,
        policy_no: policy.policyNo,
        status: 'draft',
        effective_date: input.effective_date,
        remark: input.remark,
        request_id: input.request_id,
        created_at: now,
        updated_at: now,
      })} RETURNING id`;
      const id = num(row.id);
      const [done] = await tx`UPDATE endorsement SET apply_no = ${applyNoFor(day, id)} WHERE id = ${id} RETURNING *`;
      await event(tx, id, '', 'draft', userId);
      await writeAudit(tx, { userId, action: 'endorse.create', detail: { id, order_id: policy.id }, ip: ctx.ip });
      return toEndorsement(done);
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const again = await db.sql`SELECT * FROM endorsement WHERE user_id = ${userId} AND request_id = ${input.request_id}`;
    if (again.length) return toEndorsement(again[0]);
    const [open] = await db.sql`SELECT id, apply_no FROM endorsement WHERE order_id = ${policy.id} AND status IN ('draft', 'submitted')`;
    if (!open) throw err;
    throw new DataError(
      'endorse.openExists',
      { status: 409, code: Codes.CONFLICT, params: { apply_no: String(open.apply_no) } },
      { open_id: num(open.id) },
    );
  }
}

/** Lock a draft for an edit: a no-op update on the expected status (SQLite's write lock, PostgreSQL's row lock). */
async function lockDraft(tx: SQL, id: number): Promise<Endorsement> {
  const [row] = await tx`UPDATE endorsement SET updated_at = ${nowSeconds()} WHERE id = ${id} AND status = 'draft' RETURNING *`;
  if (row) return toEndorsement(row);
  const [cur] = await tx`SELECT status FROM endorsement WHERE id = ${id}`;
  throw wrongState(String(cur?.status ?? 'cancelled'));
}

async function loadItems(sql: SQL, endorsementId: number): Promise<EndorseItem[]> {
  const rows = await sql`SELECT * FROM endorsement_item WHERE endorsement_id = ${endorsementId} ORDER BY id`;
  return rows.map(toItem);
}

/** Premium and days of an item on a date, from the policy's price snapshot. */
function priceItem(policy: Policy, kind: ItemKind, before: PersonFacts | null, after: PersonFacts | null, effective: string) {
  const { D, d } = periodDays(policy, effective);
  const pOf = (f: PersonFacts | null) => (f ? (policy.premiumOf(f.occupation_class) ?? 0) : 0);
  return { days: d, premium: itemPremium(kind, pOf(before), pOf(after), d, D) };
}

/** Re-read the items, re-price them on the draft's date, and store totals and counts. */
async function refreshTotals(tx: SQL, e: Endorsement, policy: Policy): Promise<Endorsement> {
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

function factsOf(row: InsuredRow): PersonFacts {
  return { name: row.name, id_no: row.idNo, occupation_class: row.cls, gender: row.gender, birthday: row.birthday };
}

/** A new person's checks on the effective date: ID (GB 11643), age window, class. */
function checkPerson(
  policy: Policy,
  p: { name: string; id_no: string; occupation_class: number },
  effective: string,
  prefix = '',
): PersonFacts {
  const id = parseResidentId(p.id_no);
  if (!id) throw invalid(`${prefix}id_no`, 'endorse.idNoInvalid');
  const age = ageOn(id.birthday, effective);
  if (age < policy.age.min || age > policy.age.max)
    throw invalid(`${prefix}id_no`, 'endorse.ageOutside', { min: policy.age.min, max: policy.age.max });
  if (!policy.classes.includes(p.occupation_class) || policy.premiumOf(p.occupation_class) === null) {
    throw invalid(`${prefix}occupation_class`, 'endorse.classNotAllowed', { class: p.occupation_class });
  }
  return { name: p.name, id_no: id.id, occupation_class: p.occupation_class, gender: id.gender, birthday: id.birthday };
}

/** The removed person's row: insured on the effective date, and E ≥ their cover start. */
async function checkRemovable(tx: SQL, port: RosterPort, orderId: number, insuredId: number, effective: string): Promise<InsuredRow> {
  const row = await port.findInsured(tx, orderId, insuredId);
  if (!row) throw invalid('insured_id', 'endorse.insuredInvalid');
  if (row.activeTo < effective) throw invalid('insured_id', 'endorse.insuredNotActive');
  if (effective < row.activeFrom) throw invalid('effective_date', 'endorse.effectiveBeforeActive', { date: row.activeFrom });
  return row;
}

/**
 * Check every item against the roster on the effective date (run on each edit and on submit, since
 * the roster and the date can change in between): removed people insured on E and not before
 * their start, added IDs not insured on or after E nor twice, the headcount within the plan.
 */
async function checkItems(tx: SQL, port: RosterPort, policy: Policy, e: Endorsement, items: EndorseItem[]): Promise<void> {
  const touched = new Set<number>();
  const newIds = new Map<string, number>();
  let delta = 0;
  for (const item of items) {
    if (item.insuredId !== null) {
      if (touched.has(item.insuredId)) throw invalid('insured_id', 'endorse.insuredTwice');
      touched.add(item.insuredId);
      await checkRemovable(tx, port, policy.id, item.insuredId, e.effectiveDate);
    }
    if (item.after && (item.kind === 'add' || item.kind === 'replace')) {
      checkPerson(policy, item.after, e.effectiveDate);
      if (newIds.has(item.after.id_no)) throw invalid('id_no', 'endorse.idTwice');
      newIds.set(item.after.id_no, item.id);
    }
    if (item.kind === 'correct' && item.before && item.after && item.before.id_no !== item.after.id_no) {
      if (newIds.has(item.after.id_no)) throw invalid('id_no', 'endorse.idTwice');
      newIds.set(item.after.id_no, item.id);
    }
    if (item.kind === 'add') delta += 1;
    if (item.kind === 'remove') delta -= 1;
  }
  if (newIds.size) {
    const clash = await port.activeFromOn(tx, policy.id, e.effectiveDate, [...newIds.keys()]);
    // A person removed (or replaced) in this very endorsement may come back as someone else's replacement.
    if (clash.some((r) => !touched.has(r.id))) throw invalid('id_no', 'endorse.idActive');
  }
  if (delta !== 0) {
    const after = (await port.countOn(tx, policy.id, e.effectiveDate)) + delta;
    if (after < policy.minInsured || after > policy.maxInsured) {
      throw invalid('items', 'endorse.headcountOutside', { min: policy.minInsured, max: policy.maxInsured });
    }
  }
}

/** Change a draft's effective date or remark; items are re-priced on the new date. */
export async function updateEndorsement(db: Db, userId: number, input: UpdateInput, ctx: EndorseContext): Promise<Endorsement> {
  const e = await findVisibleEndorsement(db, userId, input.id, db);
  const policy = await ctx.port.loadPolicy(db.sql, e.orderId);
  if (!policy) throw notFound();
  const day = await today(db, ctx);
  if (input.effective_date) checkEffective(policy, input.effective_date, day);
  return db.sql.begin(async (tx) => {
    let cur = await lockDraft(tx, e.id);
    const [row] = await tx`UPDATE endorsement SET effective_date = ${input.effective_date ?? cur.effectiveDate},
      remark = ${input.remark ?? cur.remark} WHERE id = ${e.id} RETURNING *`;
    cur = toEndorsement(row);
    if (input.effective_date) await checkItems(tx, ctx.port, policy, cur, await loadItems(tx, cur.id));
    await writeAudit(tx, { userId, action: 'endorse.update', detail: { id: e.id }, ip: ctx.ip });
    return refreshTotals(tx, cur, policy);
  });
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
  return db.sql.begin(async (tx) => {
    const cur = await lockDraft(tx, e.id);
    const items = await loadItems(tx, cur.id);
    const added: EndorseItem[] = [];
    for (let i = 0; i < inputs.length; i++) {
      try {
        const item = await buildItem(tx, ctx.port, policy, cur, inputs[i]);
        // The item alone against the roster, plus the draft's own duplicates here (so an import
        // names the row); every item together is checked once after the loop.
        if (item.insuredId !== null && items.some((x) => x.insuredId === item.insuredId))
          throw invalid('insured_id', 'endorse.insuredTwice');
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
    const endorsement = await refreshTotals(tx, cur, policy);
    return { endorsement, items: added };
  });
}

async function buildItem(tx: SQL, port: RosterPort, policy: Policy, e: Endorsement, input: ItemInput): Promise<EndorseItem> {
  const E = e.effectiveDate;
  let before: PersonFacts | null = null;
  let after: PersonFacts | null = null;
  let insuredId: number | null = null;
  if (input.kind === 'add') {
    after = checkPerson(policy, input, E);
  } else {
    insuredId = input.insured_id;
    const row = await checkRemovable(tx, port, policy.id, input.insured_id, E);
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
  const priced = priceItem(policy, input.kind, before, after, E);
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
    return refreshTotals(tx, cur, policy);
  });
}

/** Attach an own uploaded file to an endorsement (draft or submitted). */
export async function addDocument(
  db: Db,
  userId: number,
  input: { id: number; kind: string; file_id: number },
  file: { id: number; name: string },
  ctx: EndorseContext,
): Promise<{ id: number }> {
  const e = await findVisibleEndorsement(db, userId, input.id, db);
  if (e.status !== 'draft' && e.status !== 'submitted') throw wrongState(e.status);
  const [row] = await db.sql`INSERT INTO endorsement_document ${db.sql({
    endorsement_id: e.id,
    kind: input.kind,
    file_id: String(file.id),
    name: file.name,
    created_at: nowSeconds(),
  })} RETURNING id`;
  await writeAudit(db, { userId, action: 'endorse.document', detail: { id: e.id, file_id: file.id }, ip: ctx.ip });
  return { id: num(row.id) };
}

/** The conditional update of a transition, or 409 naming the current status. */
async function transition(tx: SQL, id: number, t: EndorseTransition, set: Row): Promise<Endorsement> {
  const { from, to } = ENDORSE_TRANSITIONS[t];
  const now = nowSeconds();
  const [row] = await tx`UPDATE endorsement SET ${tx({ ...set, status: to, updated_at: now })}
    WHERE id = ${id} AND status IN ${tx(from as readonly string[] as string[])} RETURNING *`;
  if (row) return toEndorsement(row);
  const [cur] = await tx`SELECT status FROM endorsement WHERE id = ${id}`;
  throw wrongState(String(cur?.status ?? 'cancelled'));
}

/** Refund what submit charged (reject, cancel), once: the ledger's request id keeps it single. */
async function refundCharge(tx: SQL, e: Endorsement, memo: string): Promise<Endorsement> {
  if (e.charged <= 0 || e.refunded > 0) return e;
  await changeBalance(tx, {
    userId: e.userId,
    amount: e.charged,
    kind: 'refund',
    memo,
    reference: e.applyNo,
    requestId: `endorse-${e.id}-refund`,
  });
  const [row] = await tx`UPDATE endorsement SET refunded = ${e.charged} WHERE id = ${e.id} RETURNING *`;
  return toEndorsement(row);
}

export interface SubmitResult {
  endorsement: Endorsement;
  /** The member's balance after the charge, in fen. */
  balance: number;
}

/**
 * Submit a draft: items re-checked on E (and E ≥ today), a positive premium debited from the
 * balance (short → 400 `balance` with `{required, available}`). Then the sandbox insurer decides
 * (at once when its delay is 0).
 */
export async function submitEndorsement(db: Db, userId: number, id: number, ctx: EndorseContext): Promise<SubmitResult> {
  const e = await findVisibleEndorsement(db, userId, id, db);
  const policy = await ctx.port.loadPolicy(db.sql, e.orderId);
  if (!policy) throw notFound();
  const day = await today(db, ctx);
  const insurer = await insurerSettings(db);
  const result = await db.sql.begin(async (tx) => {
    let cur = await transition(tx, e.id, 'submit', { submitted_at: nowSeconds() });
    checkEligible(policy);
    checkEffective(policy, cur.effectiveDate, day);
    const items = await loadItems(tx, cur.id);
    if (!items.length) throw invalid('items', 'endorse.noItems');
    await checkItems(tx, ctx.port, policy, cur, items);
    cur = await refreshTotals(tx, cur, policy);
    const [u] = await tx`SELECT money FROM "user" WHERE id = ${cur.userId}`;
    let balance = num(u?.money);
    if (cur.premiumDelta > 0) {
      if (balance < cur.premiumDelta) {
        throw new DataError(
          'endorse.balance',
          {
            status: 400,
            code: Codes.VALIDATION,
            field: 'balance',
            params: { required: fenToYuan(cur.premiumDelta), available: fenToYuan(balance) },
          },
          { required: fenToYuan(cur.premiumDelta), available: fenToYuan(balance) },
        );
      }
      const { entry } = await changeBalance(tx, {
        userId: cur.userId,
        amount: -cur.premiumDelta,
        kind: 'payment',
        memo: `批改保费 ${cur.applyNo}`,
        reference: cur.applyNo,
        requestId: `endorse-${cur.id}-charge`,
      });
      balance = entry.after;
      const [row] = await tx`UPDATE endorsement SET charged = ${cur.premiumDelta} WHERE id = ${cur.id} RETURNING *`;
      cur = toEndorsement(row);
    }
    const decideAfter = sandboxDecides(insurer, cur) ? nowSeconds() + insurer.endorseDelaySeconds : null;
    if (decideAfter !== null) await tx`UPDATE endorsement SET decide_after = ${decideAfter} WHERE id = ${cur.id}`;
    await event(tx, cur.id, 'draft', 'submitted', userId);
    await writeAudit(tx, { userId, action: 'endorse.submit', detail: { id: cur.id, premium_delta: cur.premiumDelta }, ip: ctx.ip });
    return { endorsement: { ...cur, decideAfter }, balance };
  });
  if (result.endorsement.decideAfter !== null) {
    if (insurer.endorseDelaySeconds <= 0) {
      await runSandboxInsurer(db, ctx, result.endorsement.id);
      const [row] = await db.sql`SELECT * FROM endorsement WHERE id = ${id}`;
      const [u] = await db.sql`SELECT money FROM "user" WHERE id = ${result.endorsement.userId}`;
      return { endorsement: toEndorsement(row), balance: num(u?.money) };
    }
    scheduleSandbox(db, ctx, result.endorsement.id, insurer.endorseDelaySeconds);
  }
  return result;
}

/** Cancel a draft or a submitted endorsement (its charge refunded). */
export async function cancelEndorsement(db: Db, userId: number, id: number, reason: string, ctx: EndorseContext): Promise<Endorsement> {
  const e = await findVisibleEndorsement(db, userId, id, db);
  return db.sql.begin(async (tx) => {
    const cur = await transition(tx, e.id, 'cancel', { reason, decided_at: nowSeconds() });
    const from = cur.submittedAt === null ? 'draft' : 'submitted';
    const done = await refundCharge(tx, cur, `批改撤销退费 ${cur.applyNo}`);
    await event(tx, cur.id, from, 'cancelled', userId, reason);
    await writeAudit(tx, { userId, action: 'endorse.cancel', detail: { id: cur.id, refunded: done.refunded }, ip: ctx.ip });
    return done;
  });
}

/** An operator (or the sandbox insurer, actor null) rejects a submitted endorsement: the charge is refunded. */
export async function rejectEndorsement(
  db: Db,
  actorId: number | null,
  id: number,
  reason: string,
  ctx: EndorseContext,
): Promise<Endorsement> {
  const done = await db.sql.begin(async (tx) => {
    const cur = await transition(tx, id, 'reject', { reason, decided_at: nowSeconds() });
    const refunded = await refundCharge(tx, cur, `批改拒绝退费 ${cur.applyNo}`);
    await event(tx, cur.id, 'submitted', 'rejected', actorId, reason);
    await writeAudit(tx, { userId: actorId, action: 'endorse.reject', detail: { id: cur.id, refunded: refunded.refunded }, ip: ctx.ip });
    return refunded;
  });
  return done;
}

/**
 * Approve a submitted endorsement: `{policy_no}-E{nn}`, the roster changed from E (add from E;
 * remove: active_to = E − 1; class change splits the row; name/ID fix edits it), a negative
 * premium credited to the balance; then the notice PDF is rendered.
 */
export async function approveEndorsement(
  db: Db,
  actorId: number | null,
  id: number,
  note: string,
  ctx: EndorseContext & { renderNotice?: (db: Db, id: number) => Promise<void> },
): Promise<Endorsement> {
  const done = await db.sql.begin(async (tx) => {
    let cur = await transition(tx, id, 'approve', { note, decided_at: nowSeconds() });
    const policy = await ctx.port.loadPolicy(tx, cur.orderId);
    if (!policy) throw notFound();
    const [n] = await tx`SELECT COUNT(*) AS n FROM endorsement WHERE order_id = ${cur.orderId} AND endorse_no IS NOT NULL`;
    const endorseNo = `${policy.policyNo}-E${String(num(n.n) + 1).padStart(2, '0')}`;
    const items = await loadItems(tx, cur.id);
    await changeRoster(tx, ctx.port, policy, cur.effectiveDate, items);
    // The order's headcount follows the roster from E on (lists and the summary show it).
    await ctx.port.setHeadcount(tx, policy.id, await ctx.port.countOn(tx, policy.id, cur.effectiveDate));
    let refunded = cur.refunded;
    if (cur.premiumDelta < 0) {
      await changeBalance(tx, {
        userId: cur.userId,
        amount: -cur.premiumDelta,
        kind: 'refund',
        memo: `批改退费 ${cur.applyNo}`,
        reference: endorseNo,
        requestId: `endorse-${cur.id}-refund`,
      });
      refunded = -cur.premiumDelta;
    }
    const [row] = await tx`UPDATE endorsement SET endorse_no = ${endorseNo}, refunded = ${refunded} WHERE id = ${cur.id} RETURNING *`;
    cur = toEndorsement(row);
    await event(tx, cur.id, 'submitted', 'approved', actorId, note);
    await writeAudit(tx, { userId: actorId, action: 'endorse.approve', detail: { id: cur.id, endorse_no: endorseNo }, ip: ctx.ip });
    return cur;
  });
  if (ctx.renderNotice) {
    try {
      await ctx.renderNotice(db, done.id);
    } catch (err) {
      // The approval stands; GET notice renders a missing notice on demand.
      console.error(`[endorse] notice of ${done.id} not rendered:`, err);
    }
  }
  const [row] = await db.sql`SELECT * FROM endorsement WHERE id = ${done.id}`;
  return toEndorsement(row);
}

async function changeRoster(tx: SQL, port: RosterPort, policy: Policy, E: string, items: EndorseItem[]): Promise<void> {
  const dayBefore = addDays(E, -1);
  for (const item of items) {
    const after = item.after;
    if (item.kind === 'remove' || item.kind === 'replace') {
      // Cover ends the day before E (a removal on the row's first day leaves it never in force).
      await port.end(tx, policy.id, Number(item.insuredId), dayBefore);
    }
    if ((item.kind === 'add' || item.kind === 'replace') && after) {
      await port.add(
        tx,
        policy,
        {
          name: after.name,
          idNo: after.id_no,
          gender: Number(after.gender),
          birthday: String(after.birthday),
          cls: after.occupation_class,
        },
        E,
      );
    }
    if (item.kind === 'correct' && after && item.before) {
      const insuredId = Number(item.insuredId);
      if (after.occupation_class !== item.before.occupation_class) {
        const row = await port.findInsured(tx, policy.id, insuredId);
        // A class change from the row's first day edits it; later, the row splits at E.
        if (!row || row.activeFrom >= E) await port.edit(tx, insuredId, { cls: after.occupation_class });
        else {
          await port.end(tx, policy.id, insuredId, dayBefore);
          await port.add(
            tx,
            policy,
            { name: row.name, idNo: row.idNo, gender: row.gender, birthday: row.birthday, cls: after.occupation_class },
            E,
          );
        }
      } else {
        await port.edit(tx, insuredId, {
          name: after.name,
          idNo: after.id_no,
          gender: Number(after.gender),
          birthday: String(after.birthday),
        });
      }
    }
  }
}

/** Insurer settings (site config `insurer`): `mode` sandbox|manual, `endorseDelaySeconds`. */
export interface InsurerSettings {
  mode: 'sandbox' | 'manual';
  endorseDelaySeconds: number;
}

export async function insurerSettings(db: Db): Promise<InsurerSettings> {
  const raw = ((await getConfigValue(db, 'insurer')) ?? {}) as Record<string, unknown>;
  const delay = Number(raw.endorseDelaySeconds ?? 0);
  return { mode: raw.mode === 'manual' ? 'manual' : 'sandbox', endorseDelaySeconds: Number.isFinite(delay) && delay > 0 ? delay : 0 };
}

/** The sandbox decides unless the mode is manual, there is an ID fix, or |delta| > 5,000.00. */
function sandboxDecides(insurer: InsurerSettings, e: Endorsement): boolean {
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
    await db.sql`UPDATE endorsement SET decide_after = NULL WHERE id = ${e.id} AND status = 'submitted'`;
  }
}

/** Decide every sandbox endorsement that is due (called on reads, so a restart loses nothing). */
export async function runDueSandbox(db: Db, ctx: EndorseContext & { renderNotice?: (db: Db, id: number) => Promise<void> }): Promise<void> {
  const due =
    await db.sql`SELECT id FROM endorsement WHERE status = 'submitted' AND decide_after IS NOT NULL AND decide_after <= ${nowSeconds()} ORDER BY id LIMIT 20`;
  for (const r of due) await runSandboxInsurer(db, ctx, num(r.id));
}

function scheduleSandbox(db: Db, ctx: EndorseContext, id: number, seconds: number): void {
  setTimeout(() => {
    runSandboxInsurer(db, ctx, id).catch((err) => console.error(`[endorse] sandbox decision of ${id} failed:`, err));
  }, seconds * 1000).unref?.();
}

/** One list row as the API answers it. */
export interface EndorseListRow {
  id: number;
  apply_no: string;
  endorse_no: string;
  policy_no: string;
  status: EndorseStatus;
  effective_date: string;
  in_force: boolean;
  counts: Endorsement['counts'];
  premium_delta: string;
  created_at: number;
}

export function viewListRow(e: Endorsement, todayDate: string): EndorseListRow {
  return {
    id: e.id,
    apply_no: e.applyNo,
    endorse_no: e.endorseNo ?? '',
    policy_no: e.policyNo,
    status: e.status,
    effective_date: e.effectiveDate,
    in_force: e.status === 'approved' && e.effectiveDate <= todayDate,
    counts: e.counts,
    premium_delta: fenToYuan(e.premiumDelta),
    created_at: e.createdAt,
  };
}

const KIND_COLUMN: Record<ItemKind, string> = {
  add: 'add_count',
  remove: 'remove_count',
  replace: 'replace_count',
  correct: 'correct_count',
};

/** The member's (and team's) endorsements, newest first, with the list's filters. */
export async function listEndorsements(
  db: Db,
  userId: number,
  q: EndorseListQuery,
  todayDate: string,
): Promise<{ list: EndorseListRow[]; total: number }> {
  const ids = await visibleUserIds(db, userId);
  const sql = db.sql;
  const parts = [sql`user_id IN ${sql(ids)}`];
  if (q.status) parts.push(sql`status = ${q.status}`);
  if (q.kind) parts.push(sql`${sql(KIND_COLUMN[q.kind])} > 0`);
  if (q.keyword) {
    const like = `%${q.keyword.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    parts.push(sql`(apply_no LIKE ${like} ESCAPE '\\' OR policy_no LIKE ${like} ESCAPE '\\' OR endorse_no LIKE ${like} ESCAPE '\\')`);
  }
  if (q.start) parts.push(sql`effective_date >= ${q.start}`);
  if (q.end) parts.push(sql`effective_date <= ${q.end}`);
  const where = parts.reduce((acc, p) => sql`${acc} AND ${p}`);
  const [agg] = await sql`SELECT COUNT(*) AS n FROM endorsement WHERE ${where}`;
  const total = num(agg.n);
  if (!total) return { list: [], total };
  const rows =
    await sql`SELECT * FROM endorsement WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`;
  return { list: rows.map((r: Row) => viewListRow(toEndorsement(r), todayDate)), total };
}

/** The operator's queue: every member's endorsements, submitted first by default. */
export async function listForOperator(
  db: Db,
  q: OperatorListQuery,
  todayDate: string,
): Promise<{ list: (EndorseListRow & { user_id: number; has_id_fix: boolean })[]; total: number }> {
  const sql = db.sql;
  const parts = [sql`1 = 1`];
  if (q.status) parts.push(sql`status = ${q.status}`);
  if (q.keyword) {
    const like = `%${q.keyword.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    parts.push(sql`(apply_no LIKE ${like} ESCAPE '\\' OR policy_no LIKE ${like} ESCAPE '\\' OR endorse_no LIKE ${like} ESCAPE '\\')`);
  }
  const where = parts.reduce((acc, p) => sql`${acc} AND ${p}`);
  const [agg] = await sql`SELECT COUNT(*) AS n FROM endorsement WHERE ${where}`;
  const total = num(agg.n);
  const rows = await sql`SELECT * FROM endorsement WHERE ${where} ORDER BY id DESC LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`;
  return {
    list: rows.map((r: Row) => {
      const e = toEndorsement(r);
      return { ...viewListRow(e, todayDate), user_id: e.userId, has_id_fix: e.hasIdFix };
    }),
    total,
  };
}

/**
 * The detail as the API answers it. `fullIds` adds each person's whole ID number (`id_no`) beside
 * the masked one: the operator's review page, where an ID fix is checked against the documents.
 */
export async function endorsementDetail(
  db: Db,
  e: Endorsement,
  policy: Policy | null,
  todayDate: string,
  actions: string[] = memberActions(e.status),
  { fullIds = false }: { fullIds?: boolean } = {},
) {
  const items = await loadItems(db.sql, e.id);
  const events: Row[] = await db.sql`SELECT * FROM endorsement_event WHERE endorsement_id = ${e.id} ORDER BY id`;
  const docs: Row[] = await db.sql`SELECT * FROM endorsement_document WHERE endorsement_id = ${e.id} ORDER BY id`;
  const view = (f: PersonFacts | null) =>
    f
      ? {
          name: f.name,
          id_no_masked: maskResidentId(f.id_no),
          ...(fullIds ? { id_no: f.id_no } : {}),
          occupation_class: f.occupation_class,
        }
      : null;
  const D = policy ? periodDays(policy, policy.start).D : 0;
  return {
    endorsement: {
      ...viewListRow(e, todayDate),
      order_id: e.orderId,
      remark: e.remark,
      reason: e.reason,
      note: e.note,
      charged: fenToYuan(e.charged),
      refunded: fenToYuan(e.refunded),
      submitted_at: e.submittedAt,
      decided_at: e.decidedAt,
      policy: policy
        ? {
            id: policy.id,
            policy_no: policy.policyNo,
            plan_name: policy.planName,
            start_date: policy.start,
            end_date: policy.end,
            type: policy.type,
          }
        : null,
    },
    items: items.map((i) => ({
      id: i.id,
      kind: i.kind,
      insured_id: i.insuredId,
      before: view(i.before),
      after: view(i.after),
      days: i.days,
      premium: fenToYuan(i.premium),
    })),
    totals: {
      ...e.counts,
      period_days: D,
      days: items[0]?.days ?? (policy ? dayNumber(policy.end) - dayNumber(e.effectiveDate) + 1 : 0),
      premium_delta: fenToYuan(e.premiumDelta),
    },
    timeline: events.map((r: Row) => ({
      from: String(r.from_status),
      to: String(r.to_status),
      actor_id: r.actor_id == null ? null : num(r.actor_id),
      note: String(r.note ?? ''),
      created_at: num(r.created_at),
    })),
    documents: docs.map((r: Row) => ({ id: num(r.id), kind: String(r.kind), file_id: num(r.file_id), name: String(r.name) })),
    notice_url: e.status === 'approved' ? `/userapi/v1/endorse/notice?id=${e.id}` : '',
    actions,
  };
}

export { canEndorse, loadItems };
