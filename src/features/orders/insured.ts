/**
 * Insured rows: the checks every row passes (GB 11643 ID with its check character, age within the
 * plan's window on the start date, class allowed, no ID twice), collected for all rows at once so
 * the member sees every problem together; and the roster queries over `order_insured`.
 */
import type { SQL } from 'bun';
import { ageOn, maskResidentId, parseResidentId } from '~/lib/cn-id';
import type { PlanSnapshot } from '~/features/products';
import { type Db, num, nowSeconds } from '~/server/db/client';
import type { RowProblem } from './errors';
import type { InsuredRowInput } from './schemas';

/** A row that passed every check. */
export interface CheckedInsured {
  name: string;
  id_no: string;
  gender: 1 | 2;
  birthday: string;
  class: number;
}

export interface RowCheckOptions {
  /** Age is taken on this day (the order's start date or an endorsement's effective date). */
  onDate: string;
  /** Class for rows that give none. */
  defaultClass: number;
  /** Row number shown for list index `i` (default i + 1; an import passes the file's own row). */
  rowNumber?: (i: number) => number;
  /** ID numbers already on the order (endorsements): adding one again is a duplicate. */
  existingIds?: ReadonlySet<string>;
}

const NAME = /^[\p{L}\p{M}·.\s'-]{1,30}$/u;

/** Check every row; `problems` lists them all (several per row possible), `rows` the good ones in order. */
export function checkInsuredRows(
  plan: PlanSnapshot,
  input: readonly InsuredRowInput[],
  o: RowCheckOptions,
): { rows: CheckedInsured[]; problems: RowProblem[] } {
  const rows: CheckedInsured[] = [];
  const problems: RowProblem[] = [];
  const seen = new Map<string, number>();
  const rowOf = o.rowNumber ?? ((i: number) => i + 1);
  const today = new Date();
  for (let i = 0; i < input.length; i++) {
    const r = input[i];
    const row = rowOf(i);
    const before = problems.length;
    const name = String(r.name ?? '').trim();
    if (!name) problems.push({ row, field: 'name', key: 'order.row.nameRequired' });
    else if (!NAME.test(name)) problems.push({ row, field: 'name', key: 'order.row.nameInvalid' });
    const idText = String(r.id_no ?? '')
      .trim()
      .toUpperCase();
    const parsed = idText ? parseResidentId(idText, today) : null;
    if (!idText) problems.push({ row, field: 'id_no', key: 'order.row.idRequired' });
    else if (!parsed) problems.push({ row, field: 'id_no', key: 'order.row.idInvalid' });
    else {
      const age = ageOn(parsed.birthday, o.onDate);
      if (age < plan.age_min || age > plan.age_max) {
        problems.push({ row, field: 'id_no', key: 'order.row.ageOutside', params: { age, min: plan.age_min, max: plan.age_max } });
      }
      const first = seen.get(parsed.id);
      if (first !== undefined) problems.push({ row, field: 'id_no', key: 'order.row.idDuplicate', params: { first } });
      else if (o.existingIds?.has(parsed.id)) problems.push({ row, field: 'id_no', key: 'order.row.idOnOrder' });
      else seen.set(parsed.id, row);
    }
    const cls = r.class === null || r.class === undefined ? o.defaultClass : Number(r.class);
    if (!Number.isInteger(cls) || !plan.classes.includes(cls) || !plan.annual[String(cls)]) {
      problems.push({ row, field: 'class', key: 'order.row.classNotAllowed', params: { classes: plan.classes.join(', ') } });
    }
    if (problems.length === before && parsed)
      rows.push({ name, id_no: parsed.id, gender: parsed.gender, birthday: parsed.birthday, class: cls });
  }
  return { rows, problems };
}

/** One insured row as stored. */
export interface InsuredRecord {
  id: number;
  orderId: number;
  name: string;
  idNo: string;
  gender: number;
  birthday: string;
  class: number;
  activeFrom: string;
  activeTo: string;
  source: string;
  /** Fen paid for this row's cover (its share of the policy's net premium). */
  premium: number;
}

export function toInsured(r: Record<string, unknown>): InsuredRecord {
  return {
    id: num(r.id),
    orderId: num(r.order_id),
    name: String(r.name),
    idNo: String(r.id_no),
    gender: num(r.gender),
    birthday: String(r.birthday ?? ''),
    class: num(r.class),
    activeFrom: String(r.active_from),
    activeTo: String(r.active_to),
    source: String(r.source ?? 'order'),
    premium: num(r.premium ?? 0),
  };
}

/** The API's view of an insured row (ID number masked). */
export function viewInsured(r: InsuredRecord) {
  return {
    id: r.id,
    name: r.name,
    id_no_masked: maskResidentId(r.idNo),
    gender: r.gender,
    birthday: r.birthday,
    class: r.class,
    active_from: r.activeFrom,
    active_to: r.activeTo,
  };
}

/**
 * Insert checked rows on an order, active from `activeFrom` to `activeTo` (inclusive), inside the
 * caller's transaction. Endorsements use it to add people (`source` e.g. `endorse:12`).
 */
export async function insertInsured(
  tx: SQL,
  orderId: number,
  rows: readonly CheckedInsured[],
  o: {
    activeFrom: string;
    activeTo: string;
    source?: string;
    at?: number /** Fen paid for a row's cover, by class. */;
    premiumOf?: (cls: number) => number;
  },
): Promise<void> {
  const at = o.at ?? nowSeconds();
  const CHUNK = 500; // well under SQLite's and PostgreSQL's bound-parameter limits (12 columns a row)
  for (let i = 0; i < rows.length; i += CHUNK) {
    const part = rows.slice(i, i + CHUNK).map((r) => ({
      order_id: orderId,
      name: r.name,
      id_no: r.id_no,
      gender: r.gender,
      birthday: r.birthday,
      class: r.class,
      active_from: o.activeFrom,
      active_to: o.activeTo,
      source: o.source ?? 'order',
      premium: o.premiumOf ? o.premiumOf(r.class) : 0,
      created_at: at,
    }));
    await tx`INSERT INTO order_insured ${tx(part)}`;
  }
}

/**
 * End the cover of insured rows on `activeTo` (inclusive) inside the caller's transaction: rows
 * active past that day get `active_to = activeTo`. Endorsements (removals) and surrender use it.
 * Returns how many rows changed.
 */
export async function endInsured(tx: SQL, orderId: number, activeTo: string, insuredIds?: readonly number[]): Promise<number> {
  const rows =
    insuredIds === undefined
      ? await tx`UPDATE order_insured SET active_to = ${activeTo} WHERE order_id = ${orderId} AND active_to > ${activeTo} RETURNING id`
      : insuredIds.length === 0
        ? []
        : await tx`UPDATE order_insured SET active_to = ${activeTo} WHERE order_id = ${orderId} AND active_to > ${activeTo} AND id IN ${tx(insuredIds as number[])} RETURNING id`;
  return rows.length;
}

export interface InsuredListOptions {
  /** Only rows active on this day (`active_from <= asOf <= active_to`); default every row. */
  asOf?: string;
  /** Matches the name, or the ID number (exact or its last digits). */
  keyword?: string;
  page?: number;
  limit?: number;
}

/**
 * An order's insured rows, oldest first. No owner check here: call it after findVisibleOrder.
 */
export async function listInsured(
  db: Db | SQL,
  orderId: number,
  o: InsuredListOptions = {},
): Promise<{ list: InsuredRecord[]; total: number }> {
  const sql: SQL = 'dialect' in db ? (db as Db).sql : (db as SQL);
  const limit = Math.min(Math.max(o.limit ?? 20, 1), 10_000);
  const page = Math.max(o.page ?? 1, 1);
  const kw = (o.keyword ?? '').trim();
  const asOf = o.asOf ?? '';
  const like = `%${kw.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
  // An ID number is found by its last digits (4 or more): what a member reads off a card.
  const tail = /^[0-9Xx]{4,18}$/.test(kw) ? `%${kw.toUpperCase()}` : null;
  const byKeyword = !kw
    ? sql``
    : tail
      ? sql`AND (name LIKE ${like} ESCAPE '\\' OR id_no LIKE ${tail})`
      : sql`AND name LIKE ${like} ESCAPE '\\'`;
  const where = sql`order_id = ${orderId} ${asOf ? sql`AND active_from <= ${asOf} AND active_to >= ${asOf}` : sql``} ${byKeyword}`;
  const [agg] = await sql`SELECT COUNT(*) AS n FROM order_insured WHERE ${where}`;
  const total = num(agg.n);
  if (total === 0) return { list: [], total };
  const rows = await sql`SELECT * FROM order_insured WHERE ${where} ORDER BY id LIMIT ${limit} OFFSET ${(page - 1) * limit}`;
  return { list: rows.map(toInsured), total };
}

/** How many people are covered on a day. */
export async function countActiveInsured(db: Db | SQL, orderId: number, onDate: string): Promise<number> {
  const sql: SQL = 'dialect' in db ? (db as Db).sql : (db as SQL);
  const [agg] =
    await sql`SELECT COUNT(*) AS n FROM order_insured WHERE order_id = ${orderId} AND active_from <= ${onDate} AND active_to >= ${onDate}`;
  return num(agg.n);
}
