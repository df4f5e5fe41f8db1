/**
 * VAT invoice applications (issue #10). Sources are paid amounts: effective (or later) orders and
 * approved endorsement charges. `invoiceable` = paid − its refunds − amounts in applied/issued
 * invoices, never below 0; an application takes each chosen source's whole invoiceable amount.
 * One active (applied or issued) item per source is a partial unique index: of parallel
 * applications for one source exactly one succeeds, the others hear 409 naming it.
 * `applied → issued | rejected | cancelled`; the last two free the amounts.
 */
import type { SQL } from 'bun';
import { approvedChargeSources, DataError, isUniqueViolation } from '~/features/endorse';
import { findOrder } from '~/features/orders';
import { zonedParts } from '~/lib/format';
import { fenToYuan } from '~/lib/money';
import { writeAudit } from '~/server/audit';
import { type Db, num, nowSeconds } from '~/server/db/client';
import { Codes, DomainError } from '~/server/errors';
import { visibleUserIds } from '~/server/members';
import { getSiteConfig } from '~/server/site-config';
import type { ApplyInput, InvoiceListQuery, SourceType } from './schemas';
import { INVOICE_TRANSITIONS, type InvoiceStatus, type InvoiceTransition } from './states';

type Row = Record<string, unknown>;

/** Order statuses whose premium was paid and kept (in part, after a surrender). */
const PAID_ORDER_STATUSES = ['effective', 'expired', 'surrendered'];

export interface Source {
  type: SourceType;
  id: number;
  userId: number;
  refNo: string;
  paid: number;
  refunded: number;
  /** In applied or issued invoices. */
  taken: number;
  invoiceable: number;
}

export interface Invoice {
  id: number;
  applyNo: string;
  userId: number;
  status: InvoiceStatus;
  kind: 'normal' | 'special';
  titleType: 'company' | 'personal';
  title: string;
  taxpayerId: string;
  address: string;
  phone: string;
  bank: string;
  account: string;
  email: string;
  amount: number;
  invoiceNo: string;
  filePath: string;
  reason: string;
  issuedAt: number | null;
  createdAt: number;
}

export function toInvoice(r: Row): Invoice {
  return {
    id: num(r.id),
    applyNo: String(r.apply_no),
    userId: num(r.user_id),
    status: String(r.status) as InvoiceStatus,
    kind: String(r.kind) as Invoice['kind'],
    titleType: String(r.title_type) as Invoice['titleType'],
    title: String(r.title),
    taxpayerId: String(r.taxpayer_id ?? ''),
    address: String(r.address ?? ''),
    phone: String(r.phone ?? ''),
    bank: String(r.bank ?? ''),
    account: String(r.account ?? ''),
    email: String(r.email ?? ''),
    amount: num(r.amount),
    invoiceNo: String(r.invoice_no ?? ''),
    filePath: String(r.file_path ?? ''),
    reason: String(r.reason ?? ''),
    issuedAt: r.issued_at == null ? null : num(r.issued_at),
    createdAt: num(r.created_at),
  };
}

const notFound = () => new DomainError('notFound', { status: 404, code: Codes.NOT_FOUND });
const wrongState = (status: string) =>
  new DomainError(`invoice.wrongState.${status}`, { status: 409, code: Codes.CONFLICT, params: { status } });

async function takenAmounts(sql: SQL, type: SourceType, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows =
    await sql`SELECT source_id, SUM(amount) AS s FROM invoice_item WHERE source_type = ${type} AND active = 1 AND source_id IN ${sql(ids)} GROUP BY source_id`;
  return new Map(rows.map((r: Row) => [num(r.source_id), num(r.s)]));
}

/** Every paid source of these members, newest first, with what is still invoiceable. */
export async function listSources(db: Db, userIds: number[]): Promise<Source[]> {
  const sql = db.sql;
  // The orders area's documented columns: premium paid, refunded since (surrender, refusal).
  const orders = await sql`SELECT id, user_id, order_no, policy_no, premium, refunded FROM policy_order
    WHERE user_id IN ${sql(userIds)} AND status IN ${sql(PAID_ORDER_STATUSES)} ORDER BY id DESC`;
  const charges = await approvedChargeSources(db, userIds);
  const orderTaken = await takenAmounts(
    sql,
    'order',
    orders.map((r: Row) => num(r.id)),
  );
  const chargeTaken = await takenAmounts(
    sql,
    'endorse',
    charges.map((c) => c.id),
  );
  const make = (type: SourceType, id: number, userId: number, refNo: string, paid: number, refunded: number, taken: number): Source => ({
    type,
    id,
    userId,
    refNo,
    paid,
    refunded,
    taken,
    invoiceable: Math.max(0, paid - refunded - taken),
  });
  return [
    ...orders.map((r: Row) =>
      make(
        'order',
        num(r.id),
        num(r.user_id),
        String(r.policy_no ?? r.order_no),
        num(r.premium),
        num(r.refunded),
        orderTaken.get(num(r.id)) ?? 0,
      ),
    ),
    ...charges.map((c) => make('endorse', c.id, c.userId, c.refNo, c.paid, c.refunded, chargeTaken.get(c.id) ?? 0)),
  ];
}

/** One source inside a transaction (paid and refunded as of now), or null when not visible / not paid. */
async function loadSource(
  tx: SQL,
  db: Db,
  userIds: number[],
  type: SourceType,
  id: number,
): Promise<Omit<Source, 'taken' | 'invoiceable'> | null> {
  if (type === 'order') {
    const order = await findOrder(tx, id);
    if (!order || !userIds.includes(order.userId) || !PAID_ORDER_STATUSES.includes(order.status)) return null;
    return { type, id, userId: order.userId, refNo: order.policyNo ?? order.orderNo, paid: order.premium, refunded: order.refunded };
  }
  const [c] = await approvedChargeSources(db, userIds, id);
  return c ? { type, id, userId: c.userId, refNo: c.refNo, paid: c.paid, refunded: c.refunded } : null;
}

async function siteDay(db: Db): Promise<string> {
  const { site } = await getSiteConfig(db);
  const p = zonedParts(Date.now(), site.timezone);
  return `${p.YYYY}${p.MM}${p.DD}`;
}

async function event(tx: SQL, invoiceId: number, from: string, to: string, actorId: number | null, note = ''): Promise<void> {
  await tx`INSERT INTO invoice_event ${tx({ invoice_id: invoiceId, from_status: from, to_status: to, actor_id: actorId, note, created_at: nowSeconds() })}`;
}

/**
 * Apply for an invoice over whole sources. The same request id returns the same application; a
 * source already in an active invoice (or with nothing left) is 409 naming it.
 */
export async function applyInvoice(db: Db, userId: number, input: ApplyInput, meta: { ip?: string } = {}): Promise<Invoice> {
  const prior = await db.sql`SELECT * FROM invoice WHERE user_id = ${userId} AND request_id = ${input.request_id}`;
  if (prior.length) return toInvoice(prior[0]);
  const userIds = await visibleUserIds(db, userId);
  const day = await siteDay(db);
  try {
    return await db.sql.begin(async (tx) => {
      const items: { source: NonNullable<Awaited<ReturnType<typeof loadSource>>>; amount: number }[] = [];
      for (const s of input.sources) {
        const source = await loadSource(tx, db, userIds, s.type, s.id);
        if (!source) throw notFound();
        const taken = (await takenAmounts(tx, s.type, [s.id])).get(s.id) ?? 0;
        const amount = source.paid - source.refunded - taken;
        if (taken > 0) {
          throw new DataError(
            'invoice.sourceTaken',
            { status: 409, code: Codes.CONFLICT, params: { ref_no: source.refNo } },
            { source_type: s.type, source_id: s.id, ref_no: source.refNo },
          );
        }
        if (amount <= 0) {
          throw new DataError(
            'invoice.nothingToInvoice',
            { status: 409, code: Codes.CONFLICT, params: { ref_no: source.refNo } },
            { source_type: s.type, source_id: s.id, ref_no: source.refNo },
          );
        }
        items.push({ source, amount });
      }
      const now = nowSeconds();
      const [row] = await tx`INSERT INTO invoice ${tx({
        apply_no: `tmp-${crypto.randomUUID()}`,
        user_id: userId,
        status: 'applied',
        kind: input.kind,
        title_type: input.title_type,
        title: input.title,
        taxpayer_id: input.title_type === 'company' ? input.taxpayer_id : '',
        address: input.address,
        phone: input.phone,
        bank: input.bank,
        account: input.account,
        email: input.email,
        amount: items.reduce((s, i) => s + i.amount, 0),
        request_id: input.request_id,
        created_at: now,
        updated_at: now,
      })} RETURNING id`;
      const id = num(row.id);
      const [done] =
        await tx`UPDATE invoice SET apply_no = ${`IV${day}${String(id % 1_000_000).padStart(6, '0')}`} WHERE id = ${id} RETURNING *`;
      for (const i of items) {
        await tx`INSERT INTO invoice_item ${tx({ invoice_id: id, source_type: i.source.type, source_id: i.source.id, ref_no: i.source.refNo, amount: i.amount, active: 1 })}`;
      }
      await event(tx, id, '', 'applied', userId);
      await writeAudit(tx, { userId, action: 'invoice.apply', detail: { id, amount: num(done.amount) }, ip: meta.ip });
      return toInvoice(done);
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const again = await db.sql`SELECT * FROM invoice WHERE user_id = ${userId} AND request_id = ${input.request_id}`;
    if (again.length) return toInvoice(again[0]);
    // A parallel application took a source first: name it.
    for (const s of input.sources) {
      const [hit] = await db.sql`SELECT ref_no FROM invoice_item WHERE source_type = ${s.type} AND source_id = ${s.id} AND active = 1`;
      if (hit) {
        throw new DataError(
          'invoice.sourceTaken',
          { status: 409, code: Codes.CONFLICT, params: { ref_no: String(hit.ref_no) } },
          { source_type: s.type, source_id: s.id, ref_no: String(hit.ref_no) },
        );
      }
    }
    throw err;
  }
}

/** The member's (or team's) invoice, else 404. */
export async function findVisibleInvoice(db: Db, userId: number, id: number): Promise<Invoice> {
  const ids = await visibleUserIds(db, userId);
  const [row] = await db.sql`SELECT * FROM invoice WHERE id = ${id} AND user_id IN ${db.sql(ids)}`;
  if (!row) throw notFound();
  return toInvoice(row);
}

/** Any invoice by id (operators), else 404. */
export async function findInvoice(db: Db, id: number): Promise<Invoice> {
  const [row] = await db.sql`SELECT * FROM invoice WHERE id = ${id}`;
  if (!row) throw notFound();
  return toInvoice(row);
}

async function transition(tx: SQL, id: number, t: InvoiceTransition, set: Row): Promise<Invoice> {
  const { from, to } = INVOICE_TRANSITIONS[t];
  const [row] = await tx`UPDATE invoice SET ${tx({ ...set, status: to, updated_at: nowSeconds() })}
    WHERE id = ${id} AND status IN ${tx(from as readonly string[] as string[])} RETURNING *`;
  if (row) return toInvoice(row);
  const [cur] = await tx`SELECT status FROM invoice WHERE id = ${id}`;
  if (!cur) throw notFound();
  throw wrongState(String(cur.status));
}

/** Member cancels an application while it is applied; its amounts are free again. */
export async function cancelInvoice(db: Db, userId: number, id: number, meta: { ip?: string } = {}): Promise<Invoice> {
  const inv = await findVisibleInvoice(db, userId, id);
  return db.sql.begin(async (tx) => {
    const done = await transition(tx, inv.id, 'cancel', {});
    await tx`UPDATE invoice_item SET active = 0 WHERE invoice_id = ${inv.id}`;
    await event(tx, inv.id, 'applied', 'cancelled', userId);
    await writeAudit(tx, { userId, action: 'invoice.cancel', detail: { id: inv.id }, ip: meta.ip });
    return done;
  });
}

/** Operator rejects an application with a reason; its amounts are free again. */
export async function rejectInvoice(db: Db, actorId: number, id: number, reason: string, meta: { ip?: string } = {}): Promise<Invoice> {
  return db.sql.begin(async (tx) => {
    const done = await transition(tx, id, 'reject', { reason });
    await tx`UPDATE invoice_item SET active = 0 WHERE invoice_id = ${id}`;
    await event(tx, id, 'applied', 'rejected', actorId, reason);
    await writeAudit(tx, { userId: actorId, action: 'invoice.reject', detail: { id }, ip: meta.ip });
    return done;
  });
}

/**
 * Operator issues: the invoice number and the file (an uploaded PDF's storage key, or a generated
 * one). A source refunded since the application (its amount no longer fully paid) → 409.
 */
export async function issueInvoice(
  db: Db,
  actorId: number,
  id: number,
  invoiceNo: string,
  filePath: string,
  meta: { ip?: string } = {},
): Promise<Invoice> {
  const inv = await findInvoice(db, id);
  const userIds = await visibleUserIds(db, inv.userId);
  return db.sql.begin(async (tx) => {
    const done = await transition(tx, id, 'issue', { invoice_no: invoiceNo, file_path: filePath, issued_at: nowSeconds() });
    const items = await tx`SELECT * FROM invoice_item WHERE invoice_id = ${id}`;
    for (const it of items) {
      const type = String(it.source_type) as SourceType;
      const source = await loadSource(tx, db, userIds, type, num(it.source_id));
      if (!source || source.paid - source.refunded < num(it.amount)) {
        throw new DomainError('invoice.refundedSince', { status: 409, code: Codes.CONFLICT, params: { ref_no: String(it.ref_no) } });
      }
    }
    await event(tx, id, 'applied', 'issued', actorId, invoiceNo);
    await writeAudit(tx, { userId: actorId, action: 'invoice.issue', detail: { id, invoice_no: invoiceNo }, ip: meta.ip });
    return done;
  });
}

/** One list row as the API answers it. */
export function viewInvoiceRow(i: Invoice) {
  return {
    id: i.id,
    apply_no: i.applyNo,
    status: i.status,
    kind: i.kind,
    title: i.title,
    amount: fenToYuan(i.amount),
    invoice_no: i.invoiceNo,
    reason: i.reason,
    created_at: i.createdAt,
  };
}

/** Invoices of these members (all members when null), newest first. */
export async function listInvoices(db: Db, userIds: number[] | null, q: InvoiceListQuery) {
  const sql = db.sql;
  const parts = [userIds ? sql`user_id IN ${sql(userIds)}` : sql`1 = 1`];
  if (q.status) parts.push(sql`status = ${q.status}`);
  if (q.keyword) {
    const like = `%${q.keyword.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    parts.push(sql`(apply_no LIKE ${like} ESCAPE '\\' OR title LIKE ${like} ESCAPE '\\' OR invoice_no LIKE ${like} ESCAPE '\\')`);
  }
  const where = parts.reduce((acc, p) => sql`${acc} AND ${p}`);
  const [agg] = await sql`SELECT COUNT(*) AS n FROM invoice WHERE ${where}`;
  const total = num(agg.n);
  if (!total) return { list: [], total };
  const rows = await sql`SELECT * FROM invoice WHERE ${where} ORDER BY id DESC LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`;
  return { list: rows.map((r: Row) => ({ ...viewInvoiceRow(toInvoice(r)), user_id: num(r.user_id) })), total };
}

/** The detail as the API answers it. */
export async function invoiceDetail(db: Db, inv: Invoice, fileUrl: string) {
  const items: Row[] = await db.sql`SELECT * FROM invoice_item WHERE invoice_id = ${inv.id} ORDER BY id`;
  const events: Row[] = await db.sql`SELECT * FROM invoice_event WHERE invoice_id = ${inv.id} ORDER BY id`;
  return {
    invoice: {
      ...viewInvoiceRow(inv),
      title_type: inv.titleType,
      taxpayer_id: inv.taxpayerId,
      address: inv.address,
      phone: inv.phone,
      bank: inv.bank,
      account: inv.account,
      email: inv.email,
      issued_at: inv.issuedAt,
    },
    items: items.map((r: Row) => ({
      source_type: String(r.source_type),
      source_id: num(r.source_id),
      ref_no: String(r.ref_no),
      amount: fenToYuan(num(r.amount)),
      active: num(r.active) === 1,
    })),
    timeline: events.map((r: Row) => ({
      from: String(r.from_status),
      to: String(r.to_status),
      actor_id: r.actor_id == null ? null : num(r.actor_id),
      note: String(r.note ?? ''),
      created_at: num(r.created_at),
    })),
    file_url: inv.status === 'issued' ? fileUrl : '',
  };
}

/** Amount, tax and net of a VAT-inclusive amount at 6 % (fen, tax rounded half up). */
export function splitVat(amount: number): { net: number; tax: number } {
  const tax = Math.floor((amount * 6 * 2 + 106) / (106 * 2));
  return { net: amount - tax, tax };
}
