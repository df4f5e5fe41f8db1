/**
 * The order form (`?new=1` on a list page): gathers what the island needs on the server — the
 * plans on sale for the page (named ones for a product page, headcount ones on withoutDetail),
 * the policyholder of the member's last order, the balance, the start-date window, and a
 * prefill from the quote page (`plan`, `class`, `months`, `headcount`, `start_date`).
 */
import { lastPolicyholder } from '../create';
import { addDays } from '../dates';
import { siteToday } from '../records';
import type { OrderType } from '../schemas';
import { listProducts, type PlanSnapshot, snapshotOf } from '~/features/products';
import type { Locale } from '~/lib/types';
import { getDb } from '~/server/db/client';
import { findUserById } from '~/server/members';
import { getSiteConfig } from '~/server/site-config';
import { OrderFormIsland, type OrderFormPrefill } from './order-form';
import type { OrderTexts } from '../texts';

export async function OrderForm({
  type,
  params,
  userId,
  locale,
  o,
}: {
  type: OrderType;
  params: URLSearchParams;
  userId: number;
  locale: Locale;
  o: OrderTexts;
}) {
  const db = getDb();
  const [products, holder, member, today, { site }] = await Promise.all([
    listProducts(db),
    lastPolicyholder(db, userId),
    findUserById(db, userId),
    siteToday(db),
    getSiteConfig(db, locale),
  ]);
  const plans: (PlanSnapshot & { productName: string })[] = [];
  for (const p of products) {
    for (const plan of p.plans) {
      const fits = type === 'withoutDetail' ? !plan.named_list : p.code === type;
      if (fits) plans.push({ ...snapshotOf(plan), productName: locale === 'en' && p.name_en ? p.name_en : p.name });
    }
  }
  const num = (k: string) => {
    const n = Number(params.get(k));
    return Number.isInteger(n) && n > 0 ? n : undefined;
  };
  const prefill: OrderFormPrefill = {
    plan: num('plan'),
    class: num('class'),
    months: num('months'),
    headcount: num('headcount'),
    start_date: params.get('start_date') ?? undefined,
  };
  return (
    <OrderFormIsland
      type={type}
      plans={plans}
      holder={holder}
      balance={member?.money ?? 0}
      minStart={addDays(today, 1)}
      maxStart={addDays(today, 90)}
      prefill={prefill}
      locale={locale}
      o={{ form: o.form, products: o.products, confirm: o.confirm }}
      upload={site.upload}
    />
  );
}
