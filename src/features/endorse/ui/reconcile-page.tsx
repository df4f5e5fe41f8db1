/**
 * /user/endorse/reconcile?order=<id>: a policy's roster reconciled with HR's staff list (issue #31,
 * item 3). The page says what happens and offers the template; the form (a client component) sends
 * the list and shows the proposals. Without `order` (the monthly reminder's link when the member
 * has several policies) it lists the policies to choose from.
 */
import './endorse.css';
import { orderText } from '~/features/orders/texts';
import { checkAuth } from '~/lib/member-centre';
import { interpolate as fill } from '~/lib/interpolate';
import { getRequestContext } from '~/server/context';
import { getDb } from '~/server/db/client';
import { findRecord, PageFrame, RecordMissing } from '~/ui';
import { NavAnchor } from '~/ui/nav-anchor';
import { Notice } from '~/ui/notice';
import { checkEligible } from '../checks';
import { loadVisiblePolicy } from '../drafts';
import { siteToday } from '../model';
import { firstAllowedDay, MAX_LIST_BYTES } from '../reconcile';
import { ordersPort } from '../roster';
import { reconcileText } from '../texts';
import { eligiblePolicyList } from '../views';
import { ReconcileForm } from './reconcile-form';

export function EndorseReconcilePage({ query }: { query?: string }) {
  const id = Number(new URLSearchParams(query ?? '').get('order'));
  return (
    <PageFrame
      page="user/endorse/reconcile"
      title={({ view }) => reconcileText(view.locale).title}
      actions={({ view }) =>
        id > 0 ? (
          <NavAnchor to={`/user/order/groupDetail?id=${id}`} match="none" className="btn btn-ghost">
            {reconcileText(view.locale).back}
          </NavAnchor>
        ) : null
      }
      render={async ({ view, t: common }) => {
        const t = reconcileText(view.locale);
        const session = getRequestContext().session;
        if (!session) return null;
        if (!checkAuth(view.centre.authNode, '/user/order/endorse', 'add')) {
          return (
            <Notice kind="warning" role="alert">
              <p>{common('notice.forbidden')}</p>
            </Notice>
          );
        }
        const db = getDb();
        if (!query || !new URLSearchParams(query).has('order')) {
          const { list } = await eligiblePolicyList(db, ordersPort, session.userId);
          const products = orderText(view.locale).products;
          if (!list.length)
            return (
              <Notice kind="info" role="status">
                <p>{t.noPolicies}</p>
              </Notice>
            );
          return (
            <section className="card" aria-labelledby="rc-choose">
              <h2 id="rc-choose" className="card-title">
                {t.choosePolicy}
              </h2>
              <ul className="reconcile-policies">
                {list.map((p) => (
                  <li key={p.id}>
                    <span>
                      <strong translate="no">{p.policy_no}</strong>{' '}
                      <span className="muted">
                        {products[p.type] ?? p.type} · {view.locale === 'en' ? p.plan_name_en : p.plan_name} · {p.start_date} – {p.end_date}
                      </span>
                    </span>
                    <a className="btn btn-ghost btn-sm" href={`/user/endorse/reconcile?order=${p.id}`} data-reconcile-policy={p.id}>
                      {t.reconcile}
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          );
        }
        const policy = await findRecord(id, (orderId) => loadVisiblePolicy(db, ordersPort, session.userId, orderId));
        if (!policy) return <RecordMissing message={t.notFound} />;
        try {
          checkEligible(policy);
        } catch {
          return (
            <Notice kind="info" role="status">
              <p>{t.notEligible}</p>
            </Notice>
          );
        }
        const day = await firstAllowedDay(db.sql, policy, await siteToday(db));
        return (
          <div className="reconcile-page">
            <section className="card reconcile-intro">
              <p>
                {t.lead.split('{no}')[0]}
                <span translate="no" className="nowrap">
                  {policy.policyNo}
                </span>
                {fill(t.lead.split('{no}')[1] ?? '', { date: day })}
              </p>
              <p className="muted">{t.format}</p>
              <p className="muted">
                {t.template}{' '}
                <a href="/userapi/v1/order/insuredTemplate?format=xlsx" download>
                  XLSX
                </a>{' '}
                ·{' '}
                <a href="/userapi/v1/order/insuredTemplate?format=csv" download>
                  CSV
                </a>
              </p>
            </section>
            <ReconcileForm
              orderId={policy.id}
              locale={view.locale}
              maxBytes={MAX_LIST_BYTES}
              text={t}
              openHref="/user/order/endorse?edit={id}"
            />
          </div>
        );
      }}
    />
  );
}
