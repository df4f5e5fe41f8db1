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
import { Field, SelectField } from '~/ui/field';
import { ConsoleCard, ConsoleTable } from './card';
import { OpField, PostButton } from './form-parts';
import { MemberStatus } from './member-status';
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
        const [canEdit, canAdjust, canViewAs, groups] = await Promise.all([
          can('operator/members/edit'),
          can('operator/members/adjust'),
          can('operator/viewAs'),
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
            <ConsoleCard
              id="md-profile"
              headRow
              title={
                <>
                  {m.username} <MemberStatus status={m.status} tx={tx} />
                </>
              }
            >
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
                        <SelectField
                          id="md-status"
                          name="status"
                          label={tx.status}
                          value={m.status === 'enable' ? 'disable' : 'enable'}
                          options={[
                            ['enable', tx.enable],
                            ['disable', tx.disable],
                          ]}
                        />
                        <Field id="md-status-reason" label={tx.reason}>
                          <input id="md-status-reason" name="reason" maxLength={200} />
                        </Field>
                      </>,
                    )
                  : null}
                {canEdit
                  ? dialog(
                      tx.changeGroup,
                      'group',
                      <SelectField
                        id="md-group"
                        name="group_id"
                        label={tx.group}
                        value={String(m.group.id)}
                        options={groups.list.filter((g) => g.status === 1).map((g) => [g.id, g.name] as const)}
                      />,
                    )
                  : null}
                {canAdjust
                  ? dialog(
                      tx.adjust,
                      'adjust',
                      <>
                        {/* One id per rendered form: a double submit replays, never adjusts twice. */}
                        <input type="hidden" name="request_id" value={requestId} />
                        <SelectField
                          id="md-kind"
                          name="kind"
                          label={tx.adjustKind}
                          value="money"
                          options={[
                            ['money', tx.kindMoney],
                            ['score', tx.kindScore],
                          ]}
                        />
                        <OpField id="md-amount" label={tx.amount} hint={tx.amountHint}>
                          <input id="md-amount" name="amount" inputMode="decimal" required aria-describedby="md-amount-hint" />
                        </OpField>
                        <OpField id="md-reason" label={tx.reason} hint={tx.reasonHint}>
                          <input id="md-reason" name="reason" required minLength={2} maxLength={200} aria-describedby="md-reason-hint" />
                        </OpField>
                      </>,
                    )
                  : null}
                {canViewAs ? (
                  <PostButton
                    action="/userapi/v1/operator/viewAs/start"
                    here={here}
                    fields={{ id: m.id }}
                    className="btn btn-primary btn-sm"
                    data-view-as=""
                    aria-describedby="md-view-as-hint"
                  >
                    {tx.viewAs.button}
                  </PostButton>
                ) : null}
                {canEdit ? (
                  <PostButton action={`${API}/revokeSessions`} here={here} fields={{ id: m.id }} className="btn btn-ghost btn-sm">
                    {tx.revokeSessions}
                  </PostButton>
                ) : null}
              </div>
              {canViewAs ? (
                <p id="md-view-as-hint" className="op-hint muted">
                  {tx.viewAs.hint}
                </p>
              ) : null}
            </ConsoleCard>
            <ConsoleCard id="md-sessions" title={tx.sessions}>
              <ConsoleTable
                rows={detail.sessions}
                empty={tx.noSessions}
                rowKey={(s) => s.id}
                columns={[
                  { head: tx.createdAt, cell: (s) => when(s.last_used_at ?? s.created_at), cellClass: 'nowrap' },
                  { head: tx.device, cell: (s) => s.user_agent || '—' },
                  { head: tx.ip, cell: (s) => s.ip || '—', cellClass: 'nowrap' },
                  { head: tx.expires, cell: (s) => when(s.expires_at), cellClass: 'nowrap' },
                ]}
              />
            </ConsoleCard>
            {(
              [
                ['md-money', tx.moneyLog, detail.money_log, formatMoney],
                ['md-score', tx.scoreLog, detail.score_log, (n: string | number) => n],
              ] as const
            ).map(([key, title, rows, amount]) => (
              <ConsoleCard id={key} title={title} key={key}>
                <ConsoleTable
                  rows={rows}
                  empty={tx.empty}
                  rowKey={(e) => e.id}
                  columns={[
                    { head: tx.createdAt, cell: (e) => when(e.created_at), cellClass: 'nowrap' },
                    { head: tx.amount, cell: (e) => amount(e.amount), num: true },
                    { head: tx.after, cell: (e) => amount(e.after), num: true },
                    { head: tx.memo, cell: (e) => e.memo || '—' },
                  ]}
                />
              </ConsoleCard>
            ))}
            <ConsoleCard
              id="md-audit"
              title={tx.audit}
              actions={
                <a className="btn btn-ghost btn-sm" href={`/user/operator/audit?target_type=member&target_id=${m.id}`}>
                  {tx.titles.audit}
                </a>
              }
            >
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
            </ConsoleCard>
          </>
        );
      }}
    />
  );
}
