/**
 * The member's insurance desk (the account overview, #29): what is in force, what waits on the
 * member (orders to pay, claims asking for documents, drafts to submit), what ends soon, what waits
 * on the broker (endorsements with the insurer, invoices to issue), premium paid per month for the
 * last 12 months, and the latest entries of both ledgers. A main account sees its team's records,
 * a sub-account its own (`visibleUserIds`), as on every list.
 */
import { type ClaimDesk, claimDesk } from '~/features/claims';
import { type EndorseDesk, endorseDesk } from '~/features/endorse';
import { type InvoiceDesk, invoiceDesk } from '~/features/invoices';
import { dayStart, type LedgerItemView, listLedger, premiumByMonth, viewLedgerPage } from '~/features/ledger';
import { type OrderDesk, orderDesk, siteToday } from '~/features/orders';
import { zonedParts } from '~/lib/format';
import type { Locale } from '~/lib/types';
import type { Db } from '~/server/db/client';
import { visibleUserIds } from '~/server/members';

export interface Desk {
  /** Today in the site's calendar (cover dates are site days). */
  today: string;
  /** Whether the desk counts sub-accounts' records too (a main account with a team). */
  team: boolean;
  orders: OrderDesk;
  claims: ClaimDesk;
  endorse: EndorseDesk;
  invoices: InvoiceDesk;
  /** `YYYY-MM` of the last 12 months, oldest first, and the net premium of each (fen). */
  months: string[];
  premium: number[];
  money: LedgerItemView[];
  score: LedgerItemView[];
}

/** The first day (`YYYY-MM-01`) of the `n` months ending with this one, oldest first. */
export function lastMonths(n: number, timeZone: string, nowMs = Date.now()): string[] {
  const p = zonedParts(nowMs, timeZone);
  return Array.from({ length: n }, (_, i) => {
    const first = new Date(Date.UTC(+p.YYYY, +p.MM - 1 - (n - 1 - i), 1));
    return first.toISOString().slice(0, 10);
  });
}

export async function loadDesk(db: Db, userId: number, locale: Locale, timeZone: string): Promise<Desk> {
  const ids = await visibleUserIds(db, userId);
  const months = lastMonths(12, timeZone);
  const starts = months.map((m) => dayStart(m, timeZone));
  // Next month's first day closes the range.
  const nextMonth = new Date(Date.parse(`${months.at(-1)}T00:00:00Z`));
  nextMonth.setUTCMonth(nextMonth.getUTCMonth() + 1);
  const end = dayStart(nextMonth.toISOString().slice(0, 10), timeZone);
  const today = await siteToday(db);
  const latest = { page: 1, limit: 3 } as Parameters<typeof listLedger>[3];
  const [orders, claims, endorse, invoices, premium, money, score] = await Promise.all([
    orderDesk(db, ids, today),
    claimDesk(db, ids),
    endorseDesk(db, ids),
    invoiceDesk(db, ids),
    premiumByMonth(db, ids, starts, end),
    listLedger(db, 'money', userId, latest, timeZone),
    listLedger(db, 'score', userId, latest, timeZone),
  ]);
  return {
    today,
    team: ids.length > 1,
    orders,
    claims,
    endorse,
    invoices,
    months: months.map((m) => m.slice(0, 7)),
    premium,
    money: viewLedgerPage('money', money, locale).list,
    score: viewLedgerPage('score', score, locale).list,
  };
}
