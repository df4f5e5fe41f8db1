/**
 * Renewals API: the quote of renewing a policy, the renewal order, and the operators' list.
 * Gates first; another member's policy is 404 like a missing one.
 */
import { Hono } from 'hono';
import { findVisibleOrder, orderNotFound } from '~/features/orders';
import type { ApiEnv } from '~/server/http/api-env';
import { requireMember, requireOperator, requireRule } from '~/server/session';
import { parseInput } from '~/server/validate';
import { ok } from '../_shared/envelope';
import { mayPlace } from './access';
import { renewalConsole } from './console';
import { createRenewal } from './create';
import { renewalQuote } from './quote';
import { renewalCreateSchema, renewalListSchema, renewalQuoteSchema } from './schemas';
import { consoleView, orderBrief, quoteView } from './views';

export const OPERATOR_RULE = 'operator/renewals';

export const renewalsRouter = new Hono<ApiEnv>()
  .get('/renewal/quote', async (c) => {
    const { db, session } = await requireMember(c);
    const { order_id } = parseInput(renewalQuoteSchema, c.get('query'));
    const q = await renewalQuote(db, session.userId, order_id);
    return ok(c, quoteView(q, c.get('locale')));
  })
  .post('/renewal/create', async (c) => {
    const { db, session } = await requireMember(c);
    const input = parseInput(renewalCreateSchema, c.get('body'));
    const old = await findVisibleOrder(db, session.userId, input.order_id);
    if (!old) throw orderNotFound();
    if (!(await mayPlace(db, session, old))) await requireRule(c, `order/${old.product}/add`); // the 403
    const { order, replayed } = await createRenewal(db, session.userId, input, { ip: c.get('ip') });
    return ok(c, { order: orderBrief(order), renewal_of: old.id, replayed }, 'renewal.created');
  })
  .get('/operator/renewal/list', async (c) => {
    const { db } = await requireOperator(c, OPERATOR_RULE);
    const q = parseInput(renewalListSchema, c.get('query'));
    const page = await renewalConsole(db, q);
    return ok(c, { list: page.list.map(consoleView), total: page.total });
  });
