/**
 * VAT invoice applications (issue #10): an application takes each chosen source's whole
 * invoiceable amount. One active (applied or issued) item per source is a partial unique index: of
 * parallel applications for one source exactly one succeeds, the others hear 409 naming it.
 * `applied → issued | rejected | cancelled`; the last two free the amounts.
 */
import type { SQL } from 'bun';
import { DataError, isUniqueViolation } from '~/features/endorse';
import { lockPolicy } from '~/features/orders';
import { zonedParts } from '~/lib/format';
import { writeAudit } from '~/server/audit';
import { type Db, num, nowSeconds } from '~/server/db/client';
import { Codes, DomainError } from '~/server/errors';
import { visibleUserIds } from '~/server/members';
import { getSiteConfig } from '~/server/site-config';
import { notifyInvoiceIssued, notifyInvoiceQueued, notifyInvoiceRejected } from './notices';
import { findInvoice, findVisibleInvoice, type Invoice, notFound, toInvoice } from './records';
import type { ApplyInput, SourceType } from './schemas';
import { loadSource, takenAmounts } from './sources';
import { INVOICE_TRANSITIONS, type InvoiceTransition } from './states';
import { inTransaction } from '~/server/db/after-commit';

type Row = Record<string, unknown>;

/** A credit invoice follows a refund that happened: it can only be issued, never withdrawn. */
const creditMustIssue = () => new DomainError('invoice.creditMustIssue', { status: 409, code: Codes.CONFLICT });

const wrongState = (status: string) =>
  new DomainError(`invoice.wrongState.${status}`, { status: 409, code: Codes.CONFLICT, params: { status } });

async function siteDay(db: Db): Promise<string> {
  const { site } = await getSiteConfig(db);
  const p = zonedParts(Date.now(), site.timezone);
  return `${p.YYYY}${p.MM}${p.DD}`;
}

/** The policies (order ids, ascending) behind invoice sources. */
async function policiesOf(tx: SQL, sources: readonly { type: SourceType; id: number }[]): Promise<number[]> {
  const ids = new Set<number>();
  for (const s of sources) {
    if (s.type === 'order') ids.add(s.id);
    else {
      const [e] = await tx`SELECT order_id FROM endorsement WHERE id = ${s.id}`;
      if (e) ids.add(num(e.order_id));
    }
  }
  return [...ids].sort((a, b) => a - b);
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
    return await inTransaction(db, async (tx) => {
      // The policies behind the sources, locked in id order: a refund on one of them waits, or is waited for.
      for (const orderId of await policiesOf(tx, input.sources)) await lockPolicy(db, tx, orderId);
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
      await notifyInvoiceQueued(tx, toInvoice(done));
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
  if (inv.creditOf !== null) throw creditMustIssue();
  return inTransaction(db, async (tx) => {
    const done = await transition(tx, inv.id, 'cancel', {});
    await tx`UPDATE invoice_item SET active = 0 WHERE invoice_id = ${inv.id}`;
    await event(tx, inv.id, 'applied', 'cancelled', userId);
    await writeAudit(tx, { userId, action: 'invoice.cancel', detail: { id: inv.id }, ip: meta.ip });
    return done;
  });
}

/** Operator rejects an application with a reason; its amounts are free again. */
export async function rejectInvoice(db: Db, actorId: number, id: number, reason: string, meta: { ip?: string } = {}): Promise<Invoice> {
  if ((await findInvoice(db, id)).creditOf !== null) throw creditMustIssue();
  return inTransaction(db, async (tx) => {
    const done = await transition(tx, id, 'reject', { reason });
    await tx`UPDATE invoice_item SET active = 0 WHERE invoice_id = ${id}`;
    await event(tx, id, 'applied', 'rejected', actorId, reason);
    await writeAudit(tx, { userId: actorId, action: 'invoice.reject', detail: { id }, ip: meta.ip });
    await notifyInvoiceRejected(tx, done, reason);
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
  return inTransaction(db, async (tx) => {
    const held = await tx`SELECT source_type, source_id FROM invoice_item WHERE invoice_id = ${id}`;
    for (const orderId of await policiesOf(
      tx,
      held.map((h: Row) => ({ type: String(h.source_type) as SourceType, id: num(h.source_id) })),
    ))
      await lockPolicy(db, tx, orderId);
    const done = await transition(tx, id, 'issue', { invoice_no: invoiceNo, file_path: filePath, issued_at: nowSeconds() });
    const items = await tx`SELECT * FROM invoice_item WHERE invoice_id = ${id}`;
    for (const it of items) {
      if (num(it.amount) < 0) continue; // a credit: it only ever lowers what the source holds
      const type = String(it.source_type) as SourceType;
      const source = await loadSource(tx, db, userIds, type, num(it.source_id));
      if (!source || source.paid - source.refunded < num(it.amount)) {
        throw new DomainError('invoice.refundedSince', { status: 409, code: Codes.CONFLICT, params: { ref_no: String(it.ref_no) } });
      }
    }
    await event(tx, id, 'applied', 'issued', actorId, invoiceNo);
    await writeAudit(tx, { userId: actorId, action: 'invoice.issue', detail: { id, invoice_no: invoiceNo }, ip: meta.ip });
    await notifyInvoiceIssued(tx, done);
    return done;
  });
}
