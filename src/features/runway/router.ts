/**
 * Balance runway API: GET /runway — the member's headline runway (a main account: the company's,
 * a sub-account: its own) and, for a main account, each account of its team. Gate first.
 */
import { Hono } from 'hono';
import { fenToYuan } from '~/lib/money';
import type { ApiEnv } from '~/server/http/api-env';
import { requireMember } from '~/server/session';
import { ok } from '../_shared/envelope';
import { type AccountRunway, loadRunway } from './queries';
import { dailyFen, isLow, type Runway } from './runway';

/** A runway as the API answers it: money as yuan strings, `days` null when nobody is covered. */
function runwayView(r: Runway, threshold: number) {
  return {
    balance: fenToYuan(r.balance),
    people: r.people,
    daily_premium: fenToYuan(dailyFen(r.daily)),
    days: r.days,
    low: isLow(r, threshold),
  };
}

const accountView = (a: AccountRunway, threshold: number) => ({
  id: a.id,
  username: a.username,
  nickname: a.nickname,
  main: a.main,
  ...runwayView(a, threshold),
});

export const runwayRouter = new Hono<ApiEnv>().get('/runway', async (c) => {
  const { db, session } = await requireMember(c);
  const v = await loadRunway(db, session.userId);
  return ok(c, {
    today: v.today,
    threshold: v.threshold,
    scope: v.scope,
    headline: runwayView(v.headline, v.threshold),
    accounts: v.accounts.map((a) => accountView(a, v.threshold)),
  });
});
