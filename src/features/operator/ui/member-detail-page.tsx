/**
 * /user/operator/memberDetail?id=: what the detail API answers (member, sessions, ledgers, audit)
 * and the status, group, adjust and end-sessions dialogs. The dialogs are <details> disclosures
 * holding plain forms that post to the API (303 back here), so they work without JavaScript.
 */
import './operator.css';
import type { ReactNode } from 'react';
import { markRecordNotFound } from '~/server/context';
import { Notice } from '~/ui/notice';
import { formatDate, formatMoney } from '~/lib/format';
import { getRequestContext } from '~/server/context';
import { getDb } from '~/server/db/client';
import { listGroups } from '../groups';
import { memberDetail } from '../members';
import { BackTo, ConsoleShell } from './shell';

const API = '/userapi/v1/operator/member';

export function MemberDetailPage({ query = '' }: { query?: string }) {
  return (
    <ConsoleShell
      page="memberDetail"
      query={query}
      render={async ({ tx, params, view, here, can }) => {
        const id = Number(params.id);
        const db = getDb();
        const detail = Number.isInteger(id) && id > 0 ? await memberDetail(db, id, getRequestContext().locale).catch(() => null) : null;
        if (!detail) {
          markRecordNotFound();
          return (
            <Notice kind="warning" role="alert">
              <p>{tx.empty}</p>
              <p>
                <a href="/user/operator/members">{tx.back}</a>
              </p>
            </Notice>
          );
        }
        const [canEdit, canAdjust, groups] = await Promise.all([
          can('operator/members/edit'),
          can('operator/members/adjust'),
          listGroups(db),
        ]);
        const m = detail.member;
        const tz = view.timeZone;
        const when = (t: number | null) => (t ? formatDate(t, 'YYYY-MM-DD HH:mm', tz) : tx.never);
        const requestId = `ui-${crypto.randomUUID()}`;
        // A change behind a disclosure: a plain POST form back to this page, Save at the end.
        const dialog = (summary: string, action: string, fields: ReactNode) => (
          <details className="op-dialog">
            <summary className="btn btn-ghost btn-sm">{summary}</summary>
            <form method="post" action={`${API}/${action}`} className="op-form">
              <BackTo here={here} />
              <input type="hidden" name="id" value={m.id} />
              {fields}
              <button type="submit" className="btn btn-primary btn-sm">
                {tx.save}
              </button>
            </form>
          </details>
        );
        return (
          <>
            <p>
              <a href="/user/operator/members">← {tx.back}</a>
            </p>
            <section className="card" aria-labelledby="md-profile">
              <div className="card-head">
                <h2 id="md-profile">
                  {m.username} <span className={`op-status op-status-${m.status}`}>{m.status === 'enable' ? tx.enable : tx.disable}</span>
                </h2>
              </div>
              <dl className="kv-grid op-kv">
                {(
                  [
                    [tx.id, m.id],
                    [tx.nickname, m.nickname || '—'],
                    [tx.group, m.group.name],
                    [tx.email, m.email || '—'],
                    [tx.mobile, m.mobile || '—'],
                    [tx.money, formatMoney(m.money)],
                    [tx.score, m.score],
                    [tx.lastLogin, when(m.last_login_time)],
                    [tx.joined, when(m.join_time)],
                  ] as const
                ).map(([k, val]) => (
                  <div className="kv" key={k}>
                    <dt>{k}</dt>
                    <dd data-field={k}>{val}</dd>
                  </div>
                ))}
              </dl>
              <div className="op-dialogs">
                {canEdit
                  ? dialog(
                      tx.changeStatus,
                      'status',
                      <>
                        <div className="field">
                          <label htmlFor="md-status">{tx.status}</label>
                          <select id="md-status" name="status" defaultValue={m.status === 'enable' ? 'disable' : 'enable'}>
                            <option value="enable">{tx.enable}</option>
                            <option value="disable">{tx.disable}</option>
                          </select>
                        </div>
                        <div className="field">
                          <label htmlFor="md-status-reason">{tx.reason}</label>
                          <input id="md-status-reason" name="reason" maxLength={200} />
                        </div>
                      </>,
                    )
                  : null}
                {canEdit
                  ? dialog(
                      tx.changeGroup,
                      'group',
                      <>
                        <div className="field">
                          <label htmlFor="md-group">{tx.group}</label>
                          <select id="md-group" name="group_id" defaultValue={String(m.group.id)}>
                            {groups.list
                              .filter((g) => g.status === 1)
                              .map((g) => (
                                <option key={g.id} value={g.id}>
                                  {g.name}
                                </option>
                              ))}
                          </select>
                        </div>
                      </>,
                    )
                  : null}
                {canAdjust
                  ? dialog(
                      tx.adjust,
                      'adjust',
                      <>
                        {/* One id per rendered form: a double submit replays, never adjusts twice. */}
                        <input type="hidden" name="request_id" value={requestId} />
                        <div className="field">
                          <label htmlFor="md-kind">{tx.adjustKind}</label>
                          <select id="md-kind" name="kind" defaultValue="money">
                            <option value="money">{tx.kindMoney}</option>
                            <option value="score">{tx.kindScore}</option>
                          </select>
                        </div>
                        <div className="field">
                          <label htmlFor="md-amount">{tx.amount}</label>
                          <input id="md-amount" name="amount" inputMode="decimal" required aria-describedby="md-amount-hint" />
                          <span id="md-amount-hint" className="op-hint">
                            {tx.amountHint}
                          </span>
                        </div>
                        <div className="field">
                          <label htmlFor="md-reason">{tx.reason}</label>
                          <input id="md-reason" name="reason" required minLength={2} maxLength={200} aria-describedby="md-reason-hint" />
                          <span id="md-reason-hint" className="op-hint">
                            {tx.reasonHint}
                          </span>
                        </div>
                      </>,
                    )
                  : null}
                {canEdit ? (
                  <form method="post" action={`${API}/revokeSessions`}>
                    <BackTo here={here} />
                    <input type="hidden" name="id" value={m.id} />
                    <button type="submit" className="btn btn-ghost btn-sm">
                      {tx.revokeSessions}
                    </button>
                  </form>
                ) : null}
              </div>
            </section>
            <section className="card" aria-labelledby="md-sessions">
              <h2 id="md-sessions" className="card-title">
                {tx.sessions}
              </h2>
              {detail.sessions.length ? (
                <div className="table-scroll">
                  <table className="data-table op-table">
                    <thead>
                      <tr>
                        <th scope="col">{tx.createdAt}</th>
                        <th scope="col">{tx.device}</th>
                        <th scope="col">{tx.ip}</th>
                        <th scope="col">{tx.expires}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {detail.sessions.map((s) => (
                        <tr key={s.id}>
                          <td className="nowrap" data-label={tx.createdAt}>
                            {when(s.last_used_at ?? s.created_at)}
                          </td>
                          <td data-label={tx.device}>{s.user_agent || '—'}</td>
                          <td className="nowrap" data-label={tx.ip}>
                            {s.ip || '—'}
                          </td>
                          <td className="nowrap" data-label={tx.expires}>
                            {when(s.expires_at)}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              ) : (
                <p className="op-empty">{tx.noSessions}</p>
              )}
            </section>
            {(
              [
                ['md-money', tx.moneyLog, detail.money_log, true],
                ['md-score', tx.scoreLog, detail.score_log, false],
              ] as [string, string, (typeof detail.money_log)[number][], boolean][]
            ).map(([key, title, rows, money]) => (
              <section className="card" aria-labelledby={key} key={key}>
                <h2 id={key} className="card-title">
                  {title}
                </h2>
                {rows.length ? (
                  <div className="table-scroll">
                    <table className="data-table op-table">
                      <thead>
                        <tr>
                          <th scope="col">{tx.createdAt}</th>
                          <th scope="col" className="num">
                            {tx.amount}
                          </th>
                          <th scope="col" className="num">
                            {tx.after}
                          </th>
                          <th scope="col">{tx.memo}</th>
                        </tr>
                      </thead>
                      <tbody>
                        {rows.map((e) => (
                          <tr key={e.id}>
                            <td className="nowrap" data-label={tx.createdAt}>
                              {when(e.created_at)}
                            </td>
                            <td className="num nowrap" data-label={tx.amount}>
                              {money ? formatMoney(e.amount) : e.amount}
                            </td>
                            <td className="num nowrap" data-label={tx.after}>
                              {money ? formatMoney(e.after) : e.after}
                            </td>
                            <td data-label={tx.memo}>{e.memo || '—'}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                ) : (
                  <p className="op-empty">{tx.empty}</p>
                )}
              </section>
            ))}
            <section className="card" aria-labelledby="md-audit">
              <div className="card-head">
                <h2 id="md-audit">{tx.audit}</h2>
                <a className="btn btn-ghost btn-sm" href={`/user/operator/audit?target_type=member&target_id=${m.id}`}>
                  {tx.titles.audit}
                </a>
              </div>
              {detail.audit.length ? (
                <ul className="op-audit-list">
                  {detail.audit.map((a) => (
                    <li key={a.id}>
                      <span className="nowrap muted">{when(a.created_at)}</span> <code>{a.action}</code>{' '}
                      {typeof a.detail.reason === 'string' ? <span>{a.detail.reason}</span> : null}
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="op-empty">{tx.empty}</p>
              )}
            </section>
          </>
        );
      }}
    />
  );
}
