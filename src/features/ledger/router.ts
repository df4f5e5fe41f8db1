import { type Context, Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { validTimeZone } from '~/lib/format';
import type { ApiEnv } from '~/server/http/api-env';
import { requireRule } from '~/server/session';
import { getSiteConfig } from '~/server/site-config';
import { parseInput } from '~/server/validate';
import { ok } from '../_shared/envelope';
import { apiMessage } from '../_shared/messages';
import { contentDisposition } from '../upload';
import { LEDGER_KINDS, ledgerQuerySchema } from './schemas';
import { type CsvLabels, ledgerCsv, ledgerEntriesForExport } from './csv';
import { type Ledger, listLedger, viewLedgerPage } from './service';

/** GET /account/balance and /account/integral: the signed-in member's own entries, never another's. */
function listRoute(ledger: Ledger, rule: string) {
  return async (c: Context<ApiEnv>) => {
    const { db, session } = await requireRule(c, rule);
    const query = parseInput(ledgerQuerySchema, c.get('query'));
    const { site } = await getSiteConfig(db);
    const page = await listLedger(db, ledger, session.userId, query, site.timezone);
    return ok(c, viewLedgerPage(ledger, page, c.get('locale')));
  };
}

/**
 * GET /account/balance/export and /account/integral/export ?start&end&kind: the member's own
 * entries matching the filters as a CSV download (headers in the request's language).
 */
function exportRoute(ledger: Ledger, rule: string) {
  return async (c: Context<ApiEnv>) => {
    const { db, session } = await requireRule(c, rule);
    const query = parseInput(ledgerQuerySchema, c.get('query'));
    const { site } = await getSiteConfig(db);
    const entries = await ledgerEntriesForExport(db, ledger, session.userId, query, site.timezone);
    const locale = c.get('locale');
    const m = (key: string) => apiMessage(locale, `ledger.csv.${key}`);
    const labels: CsvLabels = {
      time: m('time'),
      kind: m('kind'),
      amount: m(`amount.${ledger}`),
      before: m(`before.${ledger}`),
      after: m(`after.${ledger}`),
      memo: m('memo'),
      reference: m('reference'),
      kinds: Object.fromEntries(LEDGER_KINDS.map((k) => [k, m(`kinds.${ledger}.${k}`)])),
    };
    const day = new Date().toISOString().slice(0, 10);
    // Times as the member's pages show them: the browser's zone once it told us, else the site's.
    const zone = validTimeZone(getCookie(c, 'ba-tz')) ?? site.timezone;
    return new Response(ledgerCsv(ledger, entries, labels, zone, locale), {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': contentDisposition('attachment', `${m(`file.${ledger}`)}-${day}.csv`),
        'cache-control': 'private, no-store',
        'x-content-type-options': 'nosniff',
      },
    });
  };
}

export const ledgerRouter = new Hono<ApiEnv>()
  .get('/account/balance', listRoute('money', 'account/balance'))
  .get('/account/integral', listRoute('score', 'account/integral'))
  .get('/account/balance/export', exportRoute('money', 'account/balance'))
  .get('/account/integral/export', exportRoute('score', 'account/integral'));
