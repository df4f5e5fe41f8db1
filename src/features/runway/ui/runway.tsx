/**
 * The balance runway on the member's pages (issue #31, item 5): the headline card of the account
 * overview (the company's figure for a main account, its own for a sub-account) and the table per
 * account on the team allocation page. Server components; links are a[data-nav]. Under the alert
 * threshold the figure is in the warning style with the way to add funds beside it.
 */
import './runway.css';
import type { ReactNode } from 'react';
import { fen } from '~/lib/format';
import { fill, plural } from '~/lib/texts';
import type { Locale } from '~/lib/types';
import { type Column, DataTable } from '~/ui/data-table';
import { Icon } from '~/ui/icon';
import { NavAnchor } from '~/ui/nav-anchor';
import type { AccountRunway, RunwayView } from '../queries';
import { dailyFen, isLow, type Runway } from '../runway';
import { runwayText } from '../texts';

/**
 * Renders nothing: a page whose runway card sits inside a static region renders this outside it,
 * so the page links this module's stylesheet (a static region's components link none).
 */
export function RunwayStyles() {
  return null;
}

function daysText(locale: Locale, days: number): string {
  const t = runwayText(locale);
  return fill(t.counted[plural('days', days)], { n: days });
}

/** The figure of one runway: "446 days", or "No figure" when nobody is covered. */
export function RunwayFigure({ runway, threshold, locale }: { runway: Runway; threshold: number; locale: Locale }) {
  const t = runwayText(locale);
  if (runway.days === null) return <span className="runway-none">{t.noFigure}</span>;
  const low = isLow(runway, threshold);
  return (
    <span className={low ? 'runway-days runway-days-low' : 'runway-days'} data-runway-days={runway.days}>
      {low ? <Icon name="alert" size={14} /> : null}
      {daysText(locale, runway.days)}
    </span>
  );
}

/** The overview's card: the headline runway, what it is made of, and the way to add funds when it is low. */
export function RunwayCard({ view, locale }: { view: RunwayView; locale: Locale }) {
  const t = runwayText(locale);
  const r = view.headline;
  const low = isLow(r, view.threshold);
  const team = view.scope === 'company' && view.accounts.length > 1;
  const actions: ReactNode[] =
    view.scope === 'account'
      ? []
      : [
          <NavAnchor
            key="topup"
            to="/user/account/balance"
            match="none"
            className={low ? 'btn btn-primary btn-sm' : 'btn btn-ghost btn-sm'}
          >
            {t.topUp}
          </NavAnchor>,
          ...(team
            ? [
                <NavAnchor key="alloc" to="/user/team/allocation" match="none" className="btn btn-ghost btn-sm">
                  {t.perAccount}
                </NavAnchor>,
              ]
            : []),
        ];
  return (
    <section
      className={low ? 'card runway-card runway-card-low' : 'card runway-card'}
      aria-labelledby="runway-title"
      data-testid="runway-card"
      data-scope={view.scope}
    >
      <div className="card-head">
        <h2 id="runway-title" className="card-title">
          {t.title}
        </h2>
      </div>
      {r.days === null ? (
        <p className="muted runway-lead" data-testid="runway-none">
          {t.nobody}
        </p>
      ) : (
        <>
          <p className="runway-lead">
            {fill(t.lead[plural(view.scope, r.people)], { people: r.people, daily: fen(dailyFen(r.daily)), balance: fen(r.balance) })}
          </p>
          <p className="runway-figure" data-testid="runway-figure">
            <RunwayFigure runway={r} threshold={view.threshold} locale={locale} />
          </p>
          <p className={low ? 'runway-note runway-note-low' : 'runway-note muted'}>
            {fill(t.counted[plural(low ? 'low' : 'ok', view.threshold)], { n: view.threshold })}
          </p>
        </>
      )}
      {view.scope === 'account' && low ? <p className="runway-note">{t.askOwner}</p> : null}
      {actions.length ? <div className="runway-actions">{actions}</div> : null}
      <p className="runway-how muted">{t.how}</p>
    </section>
  );
}

/** The allocation page's table: the main account and each sub-account, then the company total. */
export function RunwayTable({ view, locale }: { view: RunwayView; locale: Locale }) {
  const t = runwayText(locale);
  const tt = t.table;
  const money = (n: number) => <span className="nowrap">{fen(n)}</span>;
  const columns: Column<AccountRunway>[] = [
    {
      head: tt.account,
      rowHeader: true,
      cell: (a) => (
        <span className="runway-account">
          <span translate="no">{a.username}</span>
          {a.main ? <span className="badge">{tt.main}</span> : null}
        </span>
      ),
    },
    { head: tt.balance, label: tt.balance, headClass: 'num', cellClass: 'num', cell: (a) => money(a.balance) },
    { head: tt.people, label: tt.people, headClass: 'num', cellClass: 'num', cell: (a) => a.people },
    { head: tt.daily, label: tt.daily, headClass: 'num', cellClass: 'num', cell: (a) => (a.people ? money(dailyFen(a.daily)) : '—') },
    {
      head: tt.runway,
      label: tt.runway,
      headClass: 'num',
      cellClass: 'num',
      cell: (a) => (
        <span className="runway-cell">
          <RunwayFigure runway={a} threshold={view.threshold} locale={locale} />
          {isLow(a, view.threshold) ? (
            <NavAnchor
              to={a.main ? '/user/account/balance' : `/user/team/allocation?sub=${a.id}`}
              match="none"
              className="btn btn-ghost btn-sm"
            >
              {a.main ? t.topUp : tt.allocate}
            </NavAnchor>
          ) : null}
        </span>
      ),
    },
  ];
  const c = view.headline;
  return (
    <section className="card runway-table-card" aria-labelledby="runway-table-title" data-testid="runway-table">
      <h2 id="runway-table-title" className="card-title">
        {tt.title}
      </h2>
      <DataTable
        className="runway-table"
        columns={columns}
        rows={view.accounts}
        rowKey={(a) => a.id}
        rowAttrs={(a) => ({ 'data-account': a.username })}
        foot={
          <tr className="runway-total" data-account="company">
            <th scope="row">{tt.company}</th>
            <td className="num" data-label={tt.balance}>
              {money(c.balance)}
            </td>
            <td className="num" data-label={tt.people}>
              {c.people}
            </td>
            <td className="num" data-label={tt.daily}>
              {c.people ? money(dailyFen(c.daily)) : '—'}
            </td>
            <td className="num" data-label={tt.runway}>
              <RunwayFigure runway={c} threshold={view.threshold} locale={locale} />
            </td>
          </tr>
        }
      />
      <p className={isLow(c, view.threshold) ? 'runway-note runway-note-low' : 'runway-note muted'}>
        {fill(t.counted[plural(isLow(c, view.threshold) ? 'low' : 'ok', view.threshold)], { n: view.threshold })}
      </p>
      <p className="runway-how muted">{t.how}</p>
    </section>
  );
}
