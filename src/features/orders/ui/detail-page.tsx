/**
 * /user/order/groupDetail?id=: one order the member may see (404 notice otherwise) — summary,
 * policyholder, plan limits, timeline, the insured list with search, paging and export (GET
 * form, no JavaScript needed; order-roster.tsx), the policy PDF, and Pay / Cancel / Surrender when
 * allowed.
 */
import { listInsured } from '../insured';
import { orderActions } from '../list';
import { displayStatus, findVisibleOrder, siteToday } from '../records';
import { orderTimeline } from '../transition';
import { fen, formatDate } from '~/lib/format';
import { getRequestContext } from '~/server/context';
import { getDb } from '~/server/db/client';
import { OrderActions, OrderRefresh } from './policy-actions';
import { mixPremium } from '~/features/products/schemas';
import { findRecord, PageFrame, Timeline, TimelineEntry, RecordMissing } from '~/ui';
import { CoverCard } from '~/features/cover/ui';
import { CardSection } from '~/ui/card-section';
import './orders.css';
import { OrderPremium } from './premium';
import { OrderRoster } from './roster';
import { OrderStatusBadge } from './status';
import { OrderSteps } from './steps';
import { fill, orderText } from '../texts';
import { RenewalLinks } from '~/features/renewals/ui';
import { checkAuth } from '~/lib/member-centre';
import { reconcileText } from '~/features/endorse/texts';

export function OrderDetailPage({ query }: { query?: string }) {
  const params = new URLSearchParams(query ?? '');
  const id = Number(params.get('id'));
  const kw = (params.get('keyword') ?? '').slice(0, 50);
  const page = Math.max(1, Math.min(100_000, Number(params.get('page')) || 1));
  const limit = 20;
  // The insured list "as of" a day (issue #10: endorsements change it over time); `all` lists every row.
  const asOfRaw = params.get('as_of') ?? '';
  // The list's Pay link opens the payment's confirmation on arrival.
  const ask = params.get('ask') ?? undefined;
  return (
    <PageFrame
      page="user/order/groupDetail"
      title={({ view }) => orderText(view.locale).titles.groupDetail}
      render={async ({ view }) => {
        const o = orderText(view.locale);
        const session = getRequestContext().session;
        if (!session) return null;
        const db = getDb();
        const order = await findRecord(id, (orderId) => findVisibleOrder(db, session.userId, orderId));
        if (!order) return <RecordMissing message={o.detail.notFound} />;
        const today = await siteToday(db);
        const status = displayStatus(order, today);
        const actions = orderActions(order, today);
        // Cancel and Surrender cannot be undone: they sit apart, in the danger zone at the foot of the page.
        const DESTRUCTIVE = ['cancel', 'surrender'];
        const dangerous = actions.filter((a) => DESTRUCTIVE.includes(a));
        const actionProps = {
          id: order.id,
          premium: order.premium,
          startDate: order.startDate,
          endDate: order.endDate,
          today,
          locale: view.locale,
          o: { actions: o.actions, confirm: o.confirm },
        };
        // Default: today, kept inside the policy period (its first day before it starts, its last after it ends).
        const clamp = (day: string) => (day < order.startDate ? order.startDate : day > order.endDate ? order.endDate : day);
        const asOf = asOfRaw === 'all' ? '' : clamp(/^\d{4}-\d{2}-\d{2}$/.test(asOfRaw) ? asOfRaw : today);
        const [timeline, roster] = await Promise.all([
          orderTimeline(db, order.id),
          order.namedList ? listInsured(db, order.id, { keyword: kw, page, limit, asOf }) : null,
        ]);
        const d = o.detail;
        const h = order.policyholder;
        const en = view.locale === 'en';
        // The policyholder's facts; the optional ones only when filled in.
        const holderFacts = (
          [
            [d.holder, h.name, true],
            [d.creditCode, h.credit_code, false],
            [
              d.contact,
              <>
                {h.contact} {h.mobile}
              </>,
              true,
            ],
            [d.email, h.email, false],
            [d.address, h.address, false],
          ] as const
        ).filter(([, value, always]) => always || value);
        return (
          <div className="order-detail">
            {status === 'underwriting' ? <OrderRefresh seconds={4} /> : null}
            <OrderSteps order={order} status={status} timeline={timeline} timeZone={view.timeZone} o={o} />
            <section className="card order-wide" aria-labelledby="od-summary">
              <div className="order-card-head">
                <h2 id="od-summary">
                  {o.products[order.product]} · {en && order.plan.name_en ? order.plan.name_en : order.planName}
                </h2>
                <OrderStatusBadge status={status} o={o} />
              </div>
              <dl className="kv-grid" style={{ marginTop: 0 }}>
                <div className="kv">
                  <dt>{d.orderNo}</dt>
                  <dd data-order-no>{order.orderNo}</dd>
                </div>
                <div className="kv">
                  <dt>{d.policyNo}</dt>
                  <dd data-policy-no>{order.policyNo ?? '—'}</dd>
                </div>
                <div className="kv">
                  <dt>{d.period}</dt>
                  <dd>
                    {order.startDate} ~ {order.endDate} ({fill(order.months === 1 ? d.months_one : d.months, { n: order.months })})
                  </dd>
                </div>
                <div className="kv">
                  <dt>{order.product === 'anze' ? d.band : d.class}</dt>
                  <dd data-class-mix>
                    {Object.entries(order.classMix)
                      .sort(([a], [b]) => Number(a) - Number(b))
                      .map(([c, n]) => (Object.keys(order.classMix).length > 1 ? `${c} × ${n}` : c))
                      .join(' · ')}
                  </dd>
                </div>
                <div className="kv">
                  <dt>{d.insuredCount}</dt>
                  <dd>{order.insuredCount}</dd>
                </div>
                {Object.keys(order.classMix).length > 1 ? null : (
                  <div className="kv">
                    <dt>{d.perPerson}</dt>
                    <dd>
                      {fen(mixPremium(order.plan, order.months, order.classMix).lines[0]?.perPerson ?? order.perPerson)} ({d.rate}{' '}
                      {order.rate}%)
                    </dd>
                  </div>
                )}
                <div className="kv kv-stat">
                  <dt>{d.premium}</dt>
                  <dd>{fen(order.premium)}</dd>
                </div>
                {order.refunded > 0 ? (
                  <div className="kv">
                    <dt>{d.refunded}</dt>
                    <dd>{fen(order.refunded)}</dd>
                  </div>
                ) : null}
                {order.reason ? (
                  <div className="kv">
                    <dt>{d.reason}</dt>
                    <dd>{order.reason}</dd>
                  </div>
                ) : null}
              </dl>
              <div className="card-actions">
                <OrderActions {...actionProps} actions={actions.filter((a) => !DESTRUCTIVE.includes(a))} ask={ask} />
                <RenewalLinks order={order} today={today} locale={view.locale} />
                {actions.includes('policy') ? (
                  <a className="btn btn-ghost" href={`/userapi/v1/order/policy?id=${order.id}`} download data-action="policy">
                    {o.actions.policy}
                  </a>
                ) : null}
                {order.namedList && order.policyNo && (order.product === 'guzhu' || order.product === 'tuanyi') ? (
                  <a
                    className="btn btn-ghost"
                    href={`/user/order/endorse?keyword=${encodeURIComponent(order.policyNo)}`}
                    data-action="endorsements"
                  >
                    {d.endorsements}
                  </a>
                ) : null}
                {order.namedList &&
                order.policyNo &&
                status === 'effective' &&
                (order.product === 'guzhu' || order.product === 'tuanyi') &&
                checkAuth(view.centre.authNode, '/user/order/endorse', 'add') ? (
                  <a className="btn btn-ghost" href={`/user/endorse/reconcile?order=${order.id}`} data-action="reconcile">
                    {reconcileText(view.locale).action}
                  </a>
                ) : null}
                <a className="btn btn-ghost" href={`/user/order/${order.namedList ? order.product : 'withoutDetail'}`}>
                  {o.actions.back}
                </a>
              </div>
              {status === 'underwriting' ? <p className="order-sub">{d.underwritingWait}</p> : null}
            </section>
            <OrderPremium db={db} order={order} o={o} timeZone={view.timeZone} />
            <CardSection id="od-holder" title={d.holder}>
              <dl className="detail-list">
                {holderFacts.map(([label, value]) => (
                  <div key={label}>
                    <dt>{label}</dt>
                    <dd translate="no">{value}</dd>
                  </div>
                ))}
              </dl>
              <h2 className="card-title" style={{ marginTop: 'var(--space-5)' }}>
                {d.limits}
                {order.product === 'anze' ? d.perAccident : ''}
              </h2>
              <ul className="order-limits">
                {(order.plan.limits ?? []).map((l) => (
                  <li key={l.label}>
                    <span>{en && l.label_en ? l.label_en : l.label}</span>
                    <strong>{fen(l.amount)}</strong>
                  </li>
                ))}
              </ul>
            </CardSection>
            <CardSection id="od-timeline" title={d.timeline}>
              <Timeline className="order-timeline" events={timeline} eventKey={(e) => `${e.time}-${e.from}-${e.to}`}>
                {(e) => (
                  <TimelineEntry
                    title={o.status[e.to] ?? e.to}
                    who={d.actors[e.actor] ?? e.actor}
                    when={formatDate(e.time, 'YYYY-MM-DD HH:mm', view.timeZone)}
                    note={e.note}
                  />
                )}
              </Timeline>
            </CardSection>
            <OrderRoster
              order={order}
              roster={roster}
              kw={kw}
              asOf={asOf}
              asOfRaw={asOfRaw}
              page={page}
              limit={limit}
              locale={view.locale}
              o={o}
            />
            <CoverCard order={order} userId={session.userId} today={today} locale={view.locale} timeZone={view.timeZone} />
            {dangerous.length ? (
              <CardSection id="od-danger" title={d.danger} className="order-wide order-danger">
                <p className="order-sub">{d.dangerHint}</p>
                <OrderActions {...actionProps} actions={dangerous} danger />
              </CardSection>
            ) : null}
          </div>
        );
      }}
    />
  );
}
