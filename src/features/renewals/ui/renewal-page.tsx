/**
 * /user/renewal?id=<policy>: what renewing the policy gives, side by side with the policy as it
 * is — plan, period, people, price per person and in total — with the price change highlighted,
 * the people who change, and "Create renewal order", which goes on to the new order's page where
 * Pay is. A renewal order that already stands is linked instead.
 */
import './renewals.css';
import { orderText } from '~/features/orders/texts';
import { maskResidentId } from '~/lib/cn-id';
import { fen } from '~/lib/format';
import { fill } from '~/lib/texts';
import { getRequestContext } from '~/server/context';
import { getDb } from '~/server/db/client';
import { isDomainError } from '~/server/errors';
import { apiMessage } from '~/features/_shared/messages';
import { findOrder, findVisibleOrder, siteToday, daysBetween } from '~/features/orders';
import { findRecord, PageFrame, RecordMissing } from '~/ui';
import { CardSection } from '~/ui/card-section';
import { Notice } from '~/ui/notice';
import { NavAnchor } from '~/ui/nav-anchor';
import { mayPlace } from '../access';
import { type QuotePerson, quoteFor, type RenewalQuote } from '../quote';
import { renewalText } from '../texts';
import { CreateRenewal } from './create-renewal';

function People({ title, people }: { title: string; people: QuotePerson[] }) {
  if (!people.length) return null;
  return (
    <div className="renewal-people">
      <h3>{title}</h3>
      <ul>
        {people.map((p) => (
          <li key={p.idNo}>
            <span translate="no">{p.name}</span>{' '}
            <span className="muted nowrap" translate="no">
              {maskResidentId(p.idNo)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Compare({ q, locale }: { q: RenewalQuote; locale: 'zh-cn' | 'en' }) {
  const r = renewalText(locale).page;
  const o = orderText(locale);
  const en = locale === 'en';
  const old = q.old;
  const months = (n: number) => fill(n === 1 ? o.detail.months_one : o.detail.months, { n });
  const label = old.product === 'anze' ? r.bandLabel : r.classLabel;
  const oldPlan = en ? old.planNameEn : old.planName;
  const newPlan = en && q.plan.name_en ? q.plan.name_en : q.plan.name;
  const diff = q.difference;
  return (
    <table className="renewal-compare">
      <thead>
        <tr>
          <td />
          <th scope="col">{r.current}</th>
          <th scope="col" className="renewal-next">
            {r.next}
          </th>
        </tr>
      </thead>
      <tbody>
        <tr data-row="plan">
          <th scope="row">{r.plan}</th>
          <td>
            {o.products[old.product]} · {oldPlan}
          </td>
          <td className={q.planChanged ? 'renewal-next renewal-changed' : 'renewal-next'}>
            {o.products[old.product]} · {newPlan}
          </td>
        </tr>
        <tr data-row="period">
          <th scope="row">{r.period}</th>
          <td>
            <span className="nowrap">{old.startDate}</span> ~ <span className="nowrap">{old.endDate}</span>
            <span className="renewal-sub">{months(old.months)}</span>
          </td>
          <td className="renewal-next">
            <span className="nowrap" data-renewal-start>
              {q.startDate}
            </span>{' '}
            ~ <span className="nowrap">{q.endDate}</span>
            <span className="renewal-sub">{months(q.months)}</span>
          </td>
        </tr>
        <tr data-row="people">
          <th scope="row">{r.people}</th>
          <td>{old.insuredCount}</td>
          <td className={q.headcount !== old.insuredCount ? 'renewal-next renewal-changed' : 'renewal-next'}>{q.headcount}</td>
        </tr>
        {q.lines.map((l) => (
          <tr key={l.class} data-row="per-person">
            <th scope="row">
              {q.lines.length > 1 || old.classMix[String(l.class)] ? fill(r.perPersonClass, { label, n: l.class }) : r.perPerson}
            </th>
            <td className="num">{fen(l.oldPerPerson)}</td>
            <td className={l.perPerson !== l.oldPerPerson ? 'num renewal-next renewal-changed' : 'num renewal-next'}>{fen(l.perPerson)}</td>
          </tr>
        ))}
        <tr data-row="total" className="renewal-total">
          <th scope="row">{r.total}</th>
          <td className="num" data-old-total>
            {fen(q.oldTotal)}
          </td>
          <td className="num renewal-next" data-new-total>
            {fen(q.total)}
          </td>
        </tr>
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">{r.difference}</th>
          <td colSpan={2}>
            <strong
              className={diff > 0 ? 'renewal-diff renewal-up' : diff < 0 ? 'renewal-diff renewal-down' : 'renewal-diff'}
              data-difference={diff}
            >
              {diff > 0 ? `+${fen(diff)}` : fen(diff)}
            </strong>{' '}
            <span>{diff > 0 ? fill(r.up, { amount: fen(diff) }) : diff < 0 ? fill(r.down, { amount: fen(-diff) }) : r.same}</span>
            {q.oldRatesTotal !== q.oldTotal ? (
              <span className="renewal-sub">{fill(r.oldRates, { amount: fen(q.oldRatesTotal) })}</span>
            ) : null}
          </td>
        </tr>
      </tfoot>
    </table>
  );
}

export function RenewalPage({ query }: { query?: string }) {
  const id = Number(new URLSearchParams(query ?? '').get('id'));
  return (
    <PageFrame
      page="user/renewal"
      title={({ view }) => renewalText(view.locale).titles.renewal}
      render={async ({ view }) => {
        const locale = view.locale;
        const r = renewalText(locale).page;
        const session = getRequestContext().session;
        if (!session) return null;
        const db = getDb();
        const old = await findRecord(id, (orderId) => findVisibleOrder(db, session.userId, orderId));
        if (!old) return <RecordMissing message={r.notFound} />;
        const today = await siteToday(db);
        const back = (
          <NavAnchor to={`/user/order/groupDetail?id=${old.id}`} match="none" className="btn btn-ghost">
            {r.back}
          </NavAnchor>
        );
        let q: RenewalQuote;
        try {
          q = await quoteFor(db, old, today);
        } catch (err) {
          if (!isDomainError(err)) throw err;
          // A policy that cannot be renewed shows why; if it was renewed, the renewal is linked.
          const next = await findOrder(
            db,
            Number((await db.sql`SELECT MAX(id) AS id FROM policy_order WHERE renewal_of = ${old.id}`)[0]?.id ?? 0),
          );
          return (
            <div className="renewal-page">
              <Notice kind="warning" title={r.unavailable} role="status">
                <p>{apiMessage(locale, err.key, err.params)}</p>
              </Notice>
              <div className="card-actions">
                {next ? (
                  <NavAnchor to={`/user/order/groupDetail?id=${next.id}`} match="none" className="btn btn-primary">
                    {r.viewOrder}
                  </NavAnchor>
                ) : null}
                {back}
              </div>
            </div>
          );
        }
        const no = old.policyNo ?? old.orderNo;
        const s = q.successor;
        const canCreate = !s && (await mayPlace(db, session, old));
        const gapDays = q.gapFrom ? daysBetween(q.gapFrom, q.startDate) : 0;
        return (
          <div className="renewal-page">
            <p className="renewal-lead">
              {r.lead.split('{no}')[0]}
              <span translate="no" className="nowrap">
                {no}
              </span>
              {r.lead.split('{no}')[1] ?? ''}
            </p>
            {q.planChanged ? (
              <Notice kind="info" role="status">
                <p>
                  {fill(r.planChanged, {
                    old: locale === 'en' ? old.planNameEn : old.planName,
                    plan: locale === 'en' && q.plan.name_en ? q.plan.name_en : q.plan.name,
                  })}
                </p>
              </Notice>
            ) : null}
            {q.gapFrom ? (
              <Notice kind="warning" role="status">
                <p>{fill(r.gap, { end: old.endDate, start: q.startDate, days: gapDays })}</p>
              </Notice>
            ) : null}
            <section className="card renewal-card" aria-label={r.difference}>
              <Compare q={q} locale={locale} />
            </section>
            <CardSection id="renewal-people" title={r.changes}>
              {!q.namedList ? (
                <p className="muted">{r.headcountOnly}</p>
              ) : q.added.length || q.removed.length || q.dropped.length ? (
                <div className="renewal-changes">
                  <People title={fill(r.added, { n: q.added.length })} people={q.added} />
                  <People title={fill(r.removed, { n: q.removed.length })} people={q.removed} />
                  <People title={fill(r.dropped, { n: q.dropped.length })} people={q.dropped} />
                </div>
              ) : (
                <p className="muted">{r.noChanges}</p>
              )}
            </CardSection>
            <section className="card renewal-action" aria-label={r.create}>
              {s ? (
                <>
                  <p data-renewal-order={s.orderNo}>
                    {s.status === 'unpaid' ? fill(r.ordered, { no: s.orderNo }) : fill(r.renewed, { no: s.policyNo ?? s.orderNo })}
                  </p>
                  <div className="card-actions">
                    <NavAnchor
                      to={`/user/order/groupDetail?id=${s.id}${s.status === 'unpaid' ? '&ask=pay' : ''}`}
                      match="none"
                      className="btn btn-primary"
                    >
                      {s.status === 'unpaid' ? r.openOrder : r.viewOrder}
                    </NavAnchor>
                    {back}
                  </div>
                </>
              ) : (
                <>
                  <p className="muted">{r.createHint}</p>
                  <div className="card-actions">
                    {canCreate ? <CreateRenewal orderId={old.id} label={r.create} busyLabel={r.creating} /> : null}
                    {back}
                  </div>
                </>
              )}
            </section>
          </div>
        );
      }}
    />
  );
}
