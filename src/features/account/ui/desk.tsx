/**
 * The member's desk on the account overview (#29): tiles for what is in force and what waits,
 * a list of the tasks that wait on the member with the action beside each (Pay, Upload documents,
 * Renew, Continue), what the broker or insurer is handling, premium per month, and the
 * latest entries of both ledgers. Server-rendered, links are a[data-nav].
 */
import './account.css';
import type { ReactNode } from 'react';
import { fenToYuan } from '~/lib/money';
import { daysBetween } from '~/features/orders';
import { fen, formatDate, formatMoney, yuan } from '~/lib/format';
import { fill, plural } from '~/lib/texts';
import type { Locale } from '~/lib/types';
import { Icon, type IconName } from '~/ui/icon';
import { entryData } from '~/features/ledger';
import { CardSection } from '~/ui/card-section';
import { DataText } from '~/ui/data-text';
import { NavAnchor } from '~/ui/nav-anchor';
import type { Desk } from '../desk';
import { deskText } from '../texts';
import { AccountChart } from './chart';

function Tile({
  icon,
  label,
  value,
  note,
  to,
  tone,
}: {
  icon: IconName;
  label: string;
  value: ReactNode;
  note: string;
  to: string;
  tone?: 'warn';
}) {
  return (
    <li>
      <NavAnchor to={to} match="none" className={tone ? `desk-tile desk-tile-${tone}` : 'desk-tile'}>
        <span className="desk-tile-icon">
          <Icon name={icon} size={20} />
        </span>
        <span className="desk-tile-label">{label}</span>
        <strong className="desk-tile-value">{value}</strong>
        <span className="desk-tile-note">{note}</span>
      </NavAnchor>
    </li>
  );
}

/** The four counts a member looks for first, each a link to its list. */
export function DeskTiles({ desk, locale }: { desk: Desk; locale: Locale }) {
  const tiles = deskText(locale).tiles;
  const { orders, claims } = desk;
  const soonest = orders.endingSoon[0];
  return (
    <ul className="desk-tiles">
      <Tile
        icon="shieldCheck"
        label={tiles.inForce}
        value={orders.inForce}
        note={orders.inForce ? fill(tiles[plural('people', orders.peopleCovered)], { n: orders.peopleCovered }) : tiles.inForceNone}
        to="/user/order/guzhu"
      />
      <Tile
        icon="wallet"
        label={tiles.unpaid}
        value={orders.unpaidCount}
        note={fill(tiles.unpaidTotal, { amount: fen(orders.unpaidTotal) })}
        to={orders.unpaid[0] ? `/user/order/groupDetail?id=${orders.unpaid[0].id}` : '/user/order/withoutDetail'}
        tone={orders.unpaidCount ? 'warn' : undefined}
      />
      <Tile
        icon="clipboard"
        label={tiles.claims}
        value={claims.waitingCount}
        note={fill(tiles[plural('claimsOpen', claims.open)], { n: claims.open })}
        to="/user/claim/list"
        tone={claims.waitingCount ? 'warn' : undefined}
      />
      <Tile
        icon="clock"
        label={tiles.ending}
        value={orders.endingSoon.length}
        note={soonest ? soonest.endDate : tiles.endingNone}
        to={soonest ? `/user/order/groupDetail?id=${soonest.id}` : '/user/order/guzhu'}
      />
    </ul>
  );
}

function Task({ text, action, to, quiet }: { text: ReactNode; action: string; to: string; quiet?: boolean }) {
  return (
    <li className="desk-task">
      <span className="desk-task-text">{text}</span>
      <NavAnchor to={to} match="none" className={quiet ? 'btn btn-ghost btn-sm' : 'btn btn-primary btn-sm'}>
        {action}
      </NavAnchor>
    </li>
  );
}

const code = (value: string) => (
  <span className="nowrap" translate="no">
    {value}
  </span>
);

/** What waits on the member, with the action beside each line. */
export function DeskTasks({ desk, locale }: { desk: Desk; locale: Locale }) {
  const tasks = deskText(locale).tasks;
  const { orders, claims, endorse } = desk;
  const drafts = endorse.endorsements.filter((e) => e.status === 'draft');
  const lines: ReactNode[] = [
    ...orders.unpaid.map((o) => (
      <Task
        key={`o${o.id}`}
        text={parts(tasks.payLine, { no: code(o.orderNo), amount: fen(o.premium) })}
        action={tasks.pay}
        to={`/user/order/groupDetail?id=${o.id}`}
      />
    )),
    ...claims.waiting.map((c) => (
      <Task
        key={`c${c.id}`}
        text={parts(tasks.uploadLine, { no: code(c.claimNo), name: <span translate="no">{c.insuredName}</span> })}
        action={tasks.upload}
        to={`/user/claim/detail?id=${c.id}`}
      />
    )),
    ...orders.endingSoon.map((o) => {
      const days = daysBetween(desk.today, o.endDate);
      return (
        <Task
          key={`e${o.id}`}
          text={parts(tasks[plural('endingLine', days)], { no: code(o.policyNo || o.orderNo), date: o.endDate, days })}
          action={tasks.ending}
          to={`/user/renewal?id=${o.id}`}
        />
      );
    }),
    ...drafts.map((e) => (
      <Task
        key={`d${e.id}`}
        text={parts(tasks.draftLine, { no: code(e.applyNo) })}
        action={tasks.draft}
        to={`/user/order/endorseDetail?id=${e.id}`}
      />
    )),
  ];
  const hidden = orders.unpaidCount - orders.unpaid.length + (claims.waitingCount - claims.waiting.length);
  return (
    <section className="card desk-tasks" aria-labelledby="desk-tasks">
      <div className="card-head">
        <h2 id="desk-tasks" className="card-title">
          {tasks.title}
        </h2>
        {desk.team ? <span className="muted desk-team">{tasks.team}</span> : null}
      </div>
      {lines.length ? <ul className="desk-task-list">{lines}</ul> : <p className="muted">{tasks.none}</p>}
      {hidden > 0 ? <p className="muted">{fill(tasks[plural('more', hidden)], { n: hidden })}</p> : null}
    </section>
  );
}

/** What the insurer or the broker is handling: submitted endorsements, invoices to issue. */
export function DeskWaiting({ desk, locale, timeZone }: { desk: Desk; locale: Locale; timeZone: string }) {
  const w = deskText(locale).waiting;
  const submitted = desk.endorse.endorsements.filter((e) => e.status === 'submitted');
  const invoices = desk.invoices.invoices;
  return (
    <CardSection id="desk-waiting" title={w.title} className="desk-waiting">
      <p className="account-hint">{w.lead}</p>
      {submitted.length || invoices.length ? (
        <ul className="desk-task-list">
          {submitted.map((e) => (
            <Task
              key={`s${e.id}`}
              quiet
              text={parts(w.endorse, { no: code(e.applyNo), policy: code(e.policyNo), date: e.effectiveDate })}
              action={w.view}
              to={`/user/order/endorseDetail?id=${e.id}`}
            />
          ))}
          {invoices.map((i) => (
            <Task
              key={`i${i.id}`}
              quiet
              text={[
                parts(w.invoice, { no: code(i.applyNo), amount: fen(i.amount) }),
                ` · ${formatDate(i.createdAt, 'YYYY-MM-DD', timeZone)}`,
              ]}
              action={w.view}
              to="/user/order/invoiceApply"
            />
          ))}
        </ul>
      ) : (
        <p className="muted">{w.none}</p>
      )}
    </CardSection>
  );
}

/** Premium per month over the last year, as a bar chart with a table for screen readers. */
export function DeskPremium({ desk, locale }: { desk: Desk; locale: Locale }) {
  const p = deskText(locale).premium;
  const monthLabel = (m: string) =>
    new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'zh-CN', { month: 'short', timeZone: 'UTC' }).format(new Date(`${m}-01T00:00:00Z`));
  return (
    <CardSection id="desk-premium" title={p.title}>
      <p className="account-hint">{p.lead}</p>
      <AccountChart
        id="desk-premium-chart"
        series="money"
        title={p.series}
        days={desk.months}
        values={desk.premium}
        format={(n) => formatMoney(fenToYuan(n))}
        label={monthLabel}
        totalLabel={p.total}
        dayLabel={p.month}
        valueLabel={p.amount}
      />
    </CardSection>
  );
}

/** Balance and points with their latest entries and links to the full ledgers. */
export function DeskLedgers({
  desk,
  locale,
  timeZone,
  balance,
  points,
}: {
  desk: Desk;
  locale: Locale;
  timeZone: string;
  balance: number;
  points: number;
}) {
  const l = deskText(locale).ledgers;
  const ledgers = [
    {
      key: 'money',
      title: l.balance,
      value: fen(balance),
      to: '/user/account/balance',
      entries: desk.money,
      show: (a: string | number) => (String(a).startsWith('-') ? yuan(a) : `+${yuan(a)}`),
    },
    {
      key: 'score',
      title: l.points,
      value: String(points),
      to: '/user/account/integral',
      entries: desk.score,
      show: (a: string | number) => (Number(a) > 0 ? `+${a}` : String(a)),
    },
  ];
  return (
    <div className="desk-ledgers">
      {ledgers.map((g) => (
        <section key={g.key} className="card desk-ledger" aria-labelledby={`desk-${g.key}`}>
          <div className="card-head">
            <h2 id={`desk-${g.key}`} className="card-title">
              {g.title}
            </h2>
            <strong className="desk-ledger-value">{g.value}</strong>
          </div>
          <h3 className="desk-ledger-sub">{l.latest}</h3>
          {g.entries.length ? (
            <ul className="desk-ledger-list">
              {g.entries.map((e) => (
                <li key={e.id}>
                  <span className="desk-ledger-memo">
                    <DataText text={e.memo} values={entryData(e)} />
                  </span>
                  <span className="muted nowrap">{formatDate(e.created_at, 'YYYY-MM-DD', timeZone)}</span>
                  <strong className={String(e.amount).startsWith('-') ? 'amount-out nowrap' : 'amount-in nowrap'}>
                    {g.show(e.amount)}
                  </strong>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">{l.none}</p>
          )}
          <NavAnchor to={g.to} match="none" className="link-arrow">
            {l.all}
          </NavAnchor>
        </section>
      ))}
    </div>
  );
}

/** A text with `{name}` slots filled by nodes (codes marked as data stay elements). */
function parts(text: string, values: Record<string, ReactNode>): ReactNode[] {
  return text.split(/(\{\w+\})/).map((piece, i) => {
    const key = /^\{(\w+)\}$/.exec(piece)?.[1];
    // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one fixed text
    return <span key={i}>{key && key in values ? values[key] : piece}</span>;
  });
}
