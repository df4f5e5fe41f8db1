import { fenToYuan } from '~/lib/money';
import { type Context, Hono } from 'hono';
import { planOnSale } from '~/features/products';
import { writeAudit } from '~/server/audit';
import type { ApiEnv } from '~/server/http/api-env';
import { hasAction } from '~/server/permissions';
import { requireMember, requireOperator, requireRule } from '~/server/session';
import { parseInput } from '~/server/validate';
import { errorEnvelope, ok } from '../_shared/envelope';
import { apiMessage } from '../_shared/messages';
import { OrderDataError, orderNotFound } from './errors';
import { exportInsuredCsv, exportOrdersCsv } from './export';
import { statusLabel } from './labels';
import { importInsured, rowsFromFile } from './imports';
import { listInsured, viewInsured } from './insured';
import { listItemView, listOrders, orderActions, orderView, planView } from './list';
import { policyPdf } from './policy-pdf';
import { findVisibleOrder, type OrderRecord, siteToday } from './records';
import {
  cancelOrderSchema,
  createOrderSchema,
  exportQuerySchema,
  importInsuredSchema,
  insuredQuerySchema,
  orderIdSchema,
  orderListSchema,
  payOrderSchema,
  queueQuerySchema,
  surrenderOrderSchema,
  surrenderQuoteSchema,
  templateQuerySchema,
  underwriteSchema,
} from './schemas';
import { cancelOrder, type SurrenderQuote, surrenderOrder, surrenderQuote } from './closing';
import { createOrder } from './create';
import { payOrder } from './pay';
import { orderTimeline } from './transition';
import { decideUnderwriting } from './underwriting';
import { underwritingQueue } from './queue';
import { templateCsv, templateXlsx } from './sheet';
import * as v from 'valibot';
import { optionalDayField } from '~/lib/dates';
import { intIn } from '~/features/products/schemas';

type Handler = (c: Context<ApiEnv>) => Promise<Response>;

/** Errors with more than a field (row problems, balance, current status) get their data in the envelope. */
function withData(fn: Handler): Handler {
  return async (c) => {
    try {
      return await fn(c);
    } catch (err) {
      if (!(err instanceof OrderDataError)) throw err;
      const locale = c.get('locale');
      const envelope = errorEnvelope(locale, err);
      // The current status in the member's words (the code stays in data.status).
      if (typeof err.data.status === 'string')
        envelope.message = apiMessage(locale, err.key, { ...err.params, status: statusLabel(err.data.status, locale) });
      const rows = err.rows?.map((r) => ({ row: r.row, field: r.field, message: apiMessage(locale, r.key, r.params) }));
      const data = { ...((envelope.data as Record<string, unknown>) ?? {}), ...err.data, ...(rows ? { rows } : {}) };
      return c.json({ ...envelope, data }, err.status as 400);
    }
  };
}

/** The short view of an order a write answers with. */
const brief = (o: OrderRecord) => ({
  id: o.id,
  order_no: o.orderNo,
  policy_no: o.policyNo,
  status: o.status,
  premium: (o.premium / 100).toFixed(2),
});

/** The member sees the order's list page (its product's page rule) and the order itself (404 otherwise). */
async function visibleFor(c: Context<ApiEnv>, id: number) {
  const gate = await requireMember(c);
  const order = await findVisibleOrder(gate.db, gate.session.userId, id);
  if (!order) throw orderNotFound();
  return { ...gate, order };
}

const importBodySchema = v.object({
  ...importInsuredSchema.entries,
  plan_id: v.optional(intIn(1, 2_147_483_647, 'product.planInvalid')),
  class: v.optional(intIn(1, 6, 'product.classInvalid')),
  start_date: optionalDayField(),
});

const filename = (name: string) => `attachment; filename="${name.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/**
 * Orders and policies: lists, detail, insured roster, the transitions a member may make, imports
 * and templates, the policy PDF, exports; the operators' underwriting queue and decision.
 */
export const ordersRouter = new Hono<ApiEnv>()
  .get('/order/export', async (c, next) => {
    await requireMember(c); // a guest hears 401 before any word about the query
    const { type } = parseInput(exportQuerySchema, c.get('query'));
    if (!type.startsWith('order/')) return next(); // claim/list: the claims router answers (same rows as claim/export)
    const { db, session } = await requireRule(c, `${type}/export`);
    await writeAudit(db, { userId: session.userId, action: 'export', detail: { page: type }, ip: c.get('ip') });
    const query = c.get('query');
    const q = parseInput(orderListSchema, { ...query, type: type.slice('order/'.length), page: 1, limit: 100 });
    const today = await siteToday(db);
    if (query.format === 'csv') {
      const csv = await exportOrdersCsv(db, session.userId, q, today, c.get('locale'));
      c.header('content-type', 'text/csv; charset=utf-8');
      c.header('content-disposition', filename(`${type.replace('/', '-')}.csv`));
      c.header('cache-control', 'private, no-store');
      return c.body(csv);
    }
    const page = await listOrders(db, session.userId, q, today);
    return ok(c, { list: page.list.map((o) => listItemView(o, today)), total: page.total }, page.total ? undefined : 'exportEmpty');
  })
  .get('/order/list', async (c) => {
    const { db, session } = await requireMember(c);
    const q = parseInput(orderListSchema, c.get('query'));
    if (q.type) await requireRule(c, `order/${q.type}`);
    const today = await siteToday(db);
    const page = await listOrders(db, session.userId, q, today);
    return ok(c, { list: page.list.map((o) => listItemView(o, today)), total: page.total });
  })
  .get('/order/detail', async (c) => {
    const { id } = parseInput(orderIdSchema, c.get('query'));
    const { db, order } = await visibleFor(c, id);
    const today = await siteToday(db);
    return ok(c, {
      order: orderView(order, today),
      plan: planView(order, c.get('locale')),
      policyholder: order.policyholder,
      timeline: await orderTimeline(db, order.id),
      actions: orderActions(order, today),
    });
  })
  .get('/order/insured', async (c) => {
    const q = parseInput(insuredQuerySchema, c.get('query'));
    const { db, order } = await visibleFor(c, q.id);
    const page = await listInsured(db, order.id, { asOf: q.as_of || undefined, keyword: q.keyword, page: q.page, limit: q.limit });
    return ok(c, { list: page.list.map(viewInsured), total: page.total });
  })
  .get('/order/exportInsured', async (c) => {
    const { id } = parseInput(orderIdSchema, c.get('query'));
    const { db, session, order } = await visibleFor(c, id);
    await writeAudit(db, { userId: session.userId, action: 'order.export_insured', detail: { order_id: order.id }, ip: c.get('ip') });
    const csv = await exportInsuredCsv(db, order, c.get('locale'));
    c.header('content-type', 'text/csv; charset=utf-8');
    c.header('content-disposition', filename(`insured-${order.orderNo}.csv`));
    c.header('cache-control', 'private, no-store');
    return c.body(csv);
  })
  .get(
    '/order/policy',
    withData(async (c) => {
      const { id } = parseInput(orderIdSchema, c.get('query'));
      const { db, order } = await visibleFor(c, id);
      const today = await siteToday(db);
      if (!order.policyNo || !orderActions(order, today).includes('policy')) {
        throw new OrderDataError('order.noPolicy', { status: 409, code: 409001, field: 'status', data: { status: order.status } });
      }
      const pdf = await policyPdf(db, order, today);
      c.header('content-type', 'application/pdf');
      c.header('content-disposition', filename(`policy-${order.policyNo}.pdf`));
      c.header('cache-control', 'private, no-store');
      return c.body(pdf as Uint8Array<ArrayBuffer>);
    }),
  )
  .get('/order/insuredTemplate', async (c) => {
    await requireMember(c);
    const { format } = parseInput(templateQuerySchema, c.get('query'));
    c.header('cache-control', 'private, max-age=3600');
    if (format === 'xlsx') {
      c.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      c.header('content-disposition', filename('insured-template.xlsx'));
      return c.body(templateXlsx() as Uint8Array<ArrayBuffer>);
    }
    c.header('content-type', 'text/csv; charset=utf-8');
    c.header('content-disposition', filename('insured-template.csv'));
    return c.body(templateCsv());
  })
  .post(
    '/order/importInsured',
    withData(async (c) => {
      const { db, session } = await requireMember(c);
      const input = parseInput(importBodySchema, c.get('body'));
      const locale = c.get('locale');
      const result = await importInsured(db, session.userId, input.file_id, input, await siteToday(db));
      return ok(c, {
        rows: result.rows,
        errors: result.errors.map((e) => ({ row: e.row, field: e.field, message: apiMessage(locale, e.key, e.params) })),
        entries: result.entries,
        total: result.total,
      });
    }),
  )
  .post(
    '/order/create',
    withData(async (c) => {
      const { db, session } = await requireMember(c);
      const input = parseInput(createOrderSchema, c.get('body'));
      const plan = await planOnSale(db, input.plan_id);
      const rule = `order/${plan.product}/add`;
      // Headcount plans are also sold from the withoutDetail page.
      if (!(await hasAction(db, session, rule)) && !(!plan.named_list && (await hasAction(db, session, 'order/withoutDetail/add')))) {
        await requireRule(c, rule); // throws the 403
      }
      let rowNumbers: number[] | undefined;
      if (input.insured_file_id && plan.named_list) {
        const fromFile = await rowsFromFile(db, session.userId, input.insured_file_id);
        input.insured = fromFile.rows;
        rowNumbers = fromFile.rowNumbers;
      }
      const { order } = await createOrder(db, session.userId, input, { ip: c.get('ip'), rowNumbers });
      return ok(c, { order: brief(order) }, 'order.created');
    }),
  )
  .post(
    '/order/pay',
    withData(async (c) => {
      const { db, session } = await requireMember(c);
      const input = parseInput(payOrderSchema, c.get('body'));
      const { order } = await payOrder(db, session.userId, input, { ip: c.get('ip') });
      return ok(c, { order: brief(order) }, 'order.paid');
    }),
  )
  .post(
    '/order/cancel',
    withData(async (c) => {
      const { db, session } = await requireMember(c);
      const { id } = parseInput(cancelOrderSchema, c.get('body'));
      return ok(c, { order: brief(await cancelOrder(db, session.userId, id, { ip: c.get('ip') })) }, 'order.cancelled');
    }),
  )
  .get('/order/surrenderQuote', async (c) => {
    const { db, session } = await requireMember(c);
    const input = parseInput(surrenderQuoteSchema, c.get('query'));
    const q = await surrenderQuote(db, session.userId, { id: input.id, date: input.date || undefined });
    return ok(c, viewSurrenderQuote(q));
  })
  .post(
    '/order/surrender',
    withData(async (c) => {
      const { db, session } = await requireMember(c);
      const input = parseInput(surrenderOrderSchema, c.get('body'));
      const order = await surrenderOrder(db, session.userId, input, { ip: c.get('ip') });
      return ok(c, { order: { ...brief(order), refunded: (order.refunded / 100).toFixed(2) } }, 'order.surrendered');
    }),
  )
  .get('/operator/order/queue', async (c) => {
    const { db } = await requireOperator(c, 'operator/underwriting');
    const q = parseInput(queueQuerySchema, c.get('query'));
    return ok(c, await underwritingQueue(db, q));
  })
  .post(
    '/operator/order/underwrite',
    withData(async (c) => {
      const { db, session } = await requireOperator(c, 'operator/underwriting/decide');
      const input = parseInput(underwriteSchema, c.get('body'));
      const order = await decideUnderwriting(db, session.userId, input, { ip: c.get('ip') });
      return ok(c, { order: brief(order) }, input.decision === 'accept' ? 'order.accepted' : 'order.refused');
    }),
  );

/** A surrender quote as the API answers it: money as yuan strings. */
export function viewSurrenderQuote(q: SurrenderQuote) {
  const y = fenToYuan;
  return {
    date: q.date,
    earliest: q.earliest,
    latest: q.latest,
    reason: q.reason,
    lines: q.lines.map((l) => ({ ...l, paid: y(l.paid), kept: y(l.kept), refund: y(l.refund) })),
    pending: q.pending.map((p) => ({ ref: p.ref, amount: y(p.amount) })),
    net: y(q.net),
    refund: y(q.refund),
    kept: y(q.kept),
    balance: y(q.balance),
    balance_after: y(q.balance_after),
  };
}
