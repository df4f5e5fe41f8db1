import { Hono } from 'hono';
import type { ApiEnv } from '~/server/http/api-env';
import { enforce } from '~/server/rate-limit';
import { requireOperator } from '~/server/session';
import { parseInput } from '~/server/validate';
import { ok } from '../_shared/envelope';
import { planRulesSchema, planUpdateSchema, priceGridSchema, quoteSchema } from './schemas';
import { catalogue, listProducts, quote, savePlanRules, savePrices, updatePlan, viewPlan } from './service';

/** Quotes per IP per minute: generous for a person, a wall for a scraper. */
export const QUOTE_LIMIT = { max: 60, window: 60 };

/** The public catalogue and quotes; operators' plan editing. */
export const productsRouter = new Hono<ApiEnv>()
  .get('/product/list', async (c) => ok(c, await catalogue(c.get('db'), c.get('locale'))))
  .post('/product/quote', async (c) => {
    const db = c.get('db');
    await enforce(db, [{ key: `quote:ip:${c.get('ip')}`, ...QUOTE_LIMIT }]);
    const input = parseInput(quoteSchema, c.get('body'));
    return ok(c, await quote(db, input));
  })
  .get('/operator/product/list', async (c) => {
    const { db } = await requireOperator(c, 'operator/products');
    const products = await listProducts(db, { all: true });
    return ok(c, {
      list: products.map((p) => ({
        code: p.code,
        name: p.name,
        plans: p.plans.map((pl) => ({ ...viewPlan(pl), name_en: pl.name_en, status: pl.status })),
      })),
    });
  })
  .post('/operator/product/update', async (c) => {
    const { db, session } = await requireOperator(c, 'operator/products/edit');
    const input = parseInput(planUpdateSchema, c.get('body'));
    const plan = await updatePlan(db, session.userId, input, c.get('ip'));
    return ok(c, { plan: { ...viewPlan(plan), name_en: plan.name_en, status: plan.status } }, 'product.saved');
  })
  .post('/operator/product/rules', async (c) => {
    const { db, session } = await requireOperator(c, 'operator/products/edit');
    const input = parseInput(planRulesSchema, c.get('body'));
    const plan = await savePlanRules(db, session.userId, input, c.get('ip'));
    return ok(c, { plan_id: plan.id, rules: plan.rules }, 'product.rulesSaved');
  })
  .post('/operator/product/prices', async (c) => {
    const { db, session } = await requireOperator(c, 'operator/products/edit');
    const input = parseInput(priceGridSchema, c.get('body'));
    const { plans, cells } = await savePrices(db, session.userId, input, c.get('ip'));
    return ok(
      c,
      {
        changed: cells.length,
        plans: plans.map((pl) => ({ id: pl.id, annual: viewPlan(pl).annual, classes: pl.classes })),
      },
      'product.pricesSaved',
    );
  });
