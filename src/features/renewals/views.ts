/** The API's shapes of a renewal quote, an order and the operators' rows (money as yuan strings, the API's convention). */
import type { OrderRecord } from '~/features/orders';
import { fenToYuan } from '~/lib/money';
import type { Locale } from '~/lib/types';
import type { RenewalRow } from './console';
import type { QuotePerson, RenewalQuote } from './quote';

const yuan = (fen: number) => fenToYuan(fen);
const personView = (p: QuotePerson) => ({ name: p.name, id_no: p.idNo, class: p.class });

export const orderBrief = (o: OrderRecord) => ({
  id: o.id,
  order_no: o.orderNo,
  policy_no: o.policyNo,
  status: o.status,
  premium: yuan(o.premium),
  start_date: o.startDate,
  end_date: o.endDate,
});

export function quoteView(q: RenewalQuote, locale: Locale) {
  const en = locale === 'en';
  return {
    order: orderBrief(q.old),
    plan: {
      old: { id: q.old.planId, name: en ? q.old.planNameEn : q.old.planName },
      new: { id: q.plan.id, name: en && q.plan.name_en ? q.plan.name_en : q.plan.name },
      changed: q.planChanged,
    },
    start_date: q.startDate,
    end_date: q.endDate,
    months: q.months,
    gap_from: q.gapFrom,
    named_list: q.namedList,
    headcount: { old: q.old.insuredCount, new: q.headcount },
    class_mix: q.classMix,
    people: {
      carried: q.people.map(personView),
      added: q.added.map(personView),
      removed: q.removed.map(personView),
      dropped: q.dropped.map(personView),
    },
    lines: q.lines.map((l) => ({
      class: l.class,
      people: l.people,
      old_per_person: yuan(l.oldPerPerson),
      per_person: yuan(l.perPerson),
      subtotal: yuan(l.subtotal),
    })),
    price: {
      old: yuan(q.oldTotal),
      old_rates: yuan(q.oldRatesTotal),
      new: yuan(q.total),
      difference: yuan(q.difference),
    },
    renewal: q.successor ? orderBrief(q.successor) : null,
  };
}

export const consoleView = (r: RenewalRow) => ({
  id: r.id,
  order_no: r.orderNo,
  policy_no: r.policyNo,
  product: r.product,
  plan_name: r.planName,
  plan_name_en: r.planNameEn,
  holder_name: r.holderName,
  member: r.member,
  end_date: r.endDate,
  days_left: r.daysLeft,
  premium: yuan(r.premium),
  state: r.state,
  reminded_days: r.remindedDays,
  reminded_at: r.remindedAt,
  renewal: r.renewal ? { id: r.renewal.id, order_no: r.renewal.orderNo, status: r.renewal.status } : null,
});
