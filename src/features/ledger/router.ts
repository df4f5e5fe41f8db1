import { type Context, Hono } from 'hono';
import type { ApiEnv } from '~/server/http/api-env';
import { requireRule } from '~/server/session';
import { getSiteConfig } from '~/server/site-config';
import { parseInput } from '~/server/validate';
import { ok } from '../_shared/envelope';
import { ledgerQuerySchema } from './schemas';
import { type Ledger, listLedger, viewLedgerPage } from './service';

/** GET /account/balance and /account/integral: the signed-in member's own entries, never another's. */
function listRoute(ledger: Ledger, rule: string) {
  return async (c: Context<ApiEnv>) => {
    const { db, session } = await requireRule(c, rule);
    const query = parseInput(ledgerQuerySchema, c.get('query'));
    const { site } = await getSiteConfig(db);
    const page = await listLedger(db, ledger, session.userId, query, site.timezone);
    return ok(c, viewLedgerPage(ledger, page));
  };
}

export const ledgerRouter = new Hono<ApiEnv>()
  .get('/account/balance', listRoute('money', 'account/balance'))
  .get('/account/integral', listRoute('score', 'account/integral'));
