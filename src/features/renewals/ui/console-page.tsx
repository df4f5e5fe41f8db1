/**
 * /user/operator/renewals (operator-only rule `operator/renewals`): policies in force ending within
 * 30 days, soonest first, with their renewal state — not reminded, reminded (the smallest threshold
 * sent), renewal order created, renewed (paid) — as tabs with counts.
 */
import './renewals.css';
import { orderText } from '~/features/orders/texts';
import { formatDate } from '~/lib/format';
import { fill } from '~/lib/texts';
import { getDb } from '~/server/db/client';
import { DataTable, PageFrame, Pager, StatusTabs } from '~/ui';
import { CONSOLE_DAYS, type RenewalRow, renewalConsole } from '../console';
import { RENEWAL_STATES, type RenewalState } from '../schemas';
import { renewalText } from '../texts';

const LIMIT = 20;

export function RenewalConsolePage({ query }: { query?: string }) {
  const params = new URLSearchParams(query ?? '');
  const page = Math.max(1, Math.min(100_000, Number(params.get('page')) || 1));
  const raw = params.get('state') ?? '';
  const state = (RENEWAL_STATES as readonly string[]).includes(raw) ? (raw as RenewalState) : '';
  const href = (s: string, p = 1) =>
    `/user/operator/renewals?${new URLSearchParams({ ...(s ? { state: s } : {}), ...(p > 1 ? { page: String(p) } : {}) })}`;
  return (
    <PageFrame
      page="user/operator/renewals"
      title={({ view }) => renewalText(view.locale).titles.console}
      render={async ({ view }) => {
        const t = renewalText(view.locale).console;
        const o = orderText(view.locale);
        const en = view.locale === 'en';
        const db = getDb();
        const [current, ...counts] = await Promise.all([
          renewalConsole(db, { state, page, limit: LIMIT }),
          renewalConsole(db, { state: '', page: 1, limit: 1 }),
          ...RENEWAL_STATES.map((s) => renewalConsole(db, { state: s, page: 1, limit: 1 })),
        ]);
        const tabs = [
          { value: '', label: t.all, count: counts[0].total },
          ...RENEWAL_STATES.map((s, i) => ({ value: s, label: t.states[s], count: counts[i + 1].total })),
        ];
        const stateText = (r: RenewalRow) =>
          r.state === 'reminded' && r.remindedDays ? fill(t.remindedN, { n: r.remindedDays }) : t.states[r.state];
        return (
          <section className="card renewal-console" aria-labelledby="rc-title">
            <div className="card-head">
              <h2 id="rc-title">
                {t.state} <span className="muted">{fill(t.count, { n: current.total })}</span>
              </h2>
            </div>
            <p className="muted">{fill(t.lead, { days: CONSOLE_DAYS })}</p>
            <StatusTabs label={t.filter} tabs={tabs} current={state} href={(s) => href(s)} />
            {current.list.length === 0 ? (
              <p className="muted renewal-empty">{t.empty}</p>
            ) : (
              <DataTable
                className="renewal-table"
                rows={current.list}
                rowKey={(r) => r.id}
                rowAttrs={(r) => ({ 'data-order': r.orderNo, 'data-state': r.state })}
                columns={[
                  {
                    head: t.policy,
                    label: t.policy,
                    cellClass: 'rc-policy',
                    cell: (r) => (
                      <>
                        <span className="nowrap" translate="no">
                          {r.policyNo || r.orderNo}
                        </span>
                        <span className="renewal-sub">
                          {o.products[r.product as keyof typeof o.products] ?? r.product} · {en ? r.planNameEn : r.planName}
                        </span>
                      </>
                    ),
                  },
                  {
                    head: t.holder,
                    label: t.holder,
                    cellClass: 'rc-holder',
                    cell: (r) => (
                      <>
                        <span translate="no">{r.holderName}</span>
                        <span className="renewal-sub" translate="no">
                          {r.member}
                        </span>
                      </>
                    ),
                  },
                  {
                    head: t.ends,
                    label: t.ends,
                    cellClass: 'rc-ends nowrap',
                    cell: (r) => (
                      <>
                        {r.endDate}
                        <span className="renewal-sub">{r.daysLeft === 1 ? t.daysLeft_one : fill(t.daysLeft, { n: r.daysLeft })}</span>
                      </>
                    ),
                  },
                  {
                    head: t.state,
                    label: t.state,
                    cellClass: 'rc-state',
                    cell: (r) => (
                      <>
                        <span className={`badge renewal-state-${r.state}${r.state === 'renewed' ? ' badge-ok' : ''}`}>{stateText(r)}</span>
                        {r.renewal ? (
                          <span className="renewal-sub nowrap" translate="no">
                            {r.renewal.orderNo}
                          </span>
                        ) : r.remindedAt ? (
                          <span className="renewal-sub nowrap">{formatDate(r.remindedAt, 'YYYY-MM-DD HH:mm', view.timeZone)}</span>
                        ) : null}
                      </>
                    ),
                  },
                ]}
              />
            )}
            <Pager locale={view.locale} total={current.total} page={page} limit={LIMIT} href={(p) => href(state, p)} compact />
          </section>
        );
      }}
    />
  );
}
