/**
 * The owner's sub-accounts as a server-rendered table: keyword, status and page size in a GET
 * form and pages as plain links (the URL holds the state; no JavaScript needed to browse). Row
 * actions (enable/disable, reset password) are a small client component; Edit pages and Allocate
 * are links. Everything that changes a row is shown only with `team/teamMange/edit`; the API
 * checks it too.
 */
import { type Column, DataTable } from '~/ui/data-table';
import { Field, SelectField } from '~/ui/field';
import { listTeam } from '../queries';
import { listQuerySchema, type TeamListQuery } from '../schemas';
import type { TeamText } from '../texts';
import { validateMessages } from './form-messages';
import { TeamListFrame } from './list-frame';
import { TeamRowActions, type TeamRowText } from './row-actions';
import { formatDate, formatMoney } from '~/lib/format';
import type { Translator } from '~/lib/i18n';
import { listQuery } from '~/lib/list-query';
import { fill } from '~/lib/texts';
import { getRequestContext } from '~/server/context';
import { getDb } from '~/server/db/client';
import { hasAction } from '~/server/permissions';

const PATH = '/user/team/teamMange';
const teamQuery = listQuery<TeamListQuery>(listQuerySchema, { keyword: '', status: '', limit: 10, page: 1 });
const VALIDATE_KEYS = ['required', 'invalid', 'password'];

export async function TeamList({ query, tx, common, timeZone }: { query: string; tx: TeamText; common: Translator; timeZone: string }) {
  const session = getRequestContext().session;
  if (!session) return null;
  const db = getDb();
  const t = tx.list;
  const { q, ok } = teamQuery.parse(query);
  const [result, canAdd, canEdit, canAllocate] = await Promise.all([
    listTeam(db, session.userId, q),
    hasAction(db, session, 'team/teamMange/add'),
    hasAction(db, session, 'team/teamMange/edit'),
    hasAction(db, session, 'team/allocation'),
  ]);
  const rowText = (name: string): TeamRowText => ({
    enable: t.enableAction,
    disable: t.disableAction,
    confirmEnable: fill(t.confirmEnable, { name }),
    confirmDisable: fill(t.confirmDisable, { name }),
    resetPassword: t.resetPassword,
    newPassword: fill(t.newPassword, { name }),
    save: t.save,
    cancel: t.cancel,
    validate: validateMessages(common, VALIDATE_KEYS),
  });
  type Row = (typeof result.list)[number];
  const columns: Column<Row>[] = [
    {
      head: t.username,
      cellClass: 'tm-name',
      cell: (a) => (
        <>
          <strong translate="no">{a.username}</strong>
          {a.nickname && a.nickname !== a.username ? (
            <span className="team-sub" translate="no">
              {a.nickname}
            </span>
          ) : null}
        </>
      ),
    },
    { head: t.mobile, cellClass: 'nowrap tm-mobile', cell: (a) => a.mobile },
    {
      head: t.status,
      cellClass: 'tm-status',
      cell: (a) => <span className={a.status === 'enable' ? 'badge badge-ok' : 'badge badge-off'}>{t[a.status]}</span>,
    },
    { head: t.balance, headClass: 'num', cellClass: 'num nowrap tm-money', cell: (a) => formatMoney(a.money) },
    {
      head: t.lastLogin,
      cellClass: 'nowrap tm-login',
      cell: (a) => (
        <>
          {a.last_login_time ? formatDate(a.last_login_time, 'YYYY-MM-DD HH:mm', timeZone) : t.never}
          {a.last_login_ip ? <span className="team-sub">{a.last_login_ip}</span> : null}
        </>
      ),
    },
    { head: t.pages, headClass: 'num', cellClass: 'num tm-pages', cell: (a) => fill(t.pages_n, { n: a.pages }) },
  ];
  if (canEdit) {
    columns.push({
      head: t.actions,
      cellClass: 'tm-actions',
      cell: (a) => (
        <div className="team-actions">
          <TeamRowActions id={a.id} status={a.status} text={rowText(a.username)} />
          <a className="btn btn-ghost btn-sm" href={`/user/team/addAccount?id=${a.id}`}>
            {t.editPages}
          </a>
          {canAllocate ? (
            <a className="btn btn-ghost btn-sm" href={`/user/team/allocation?sub=${a.id}`}>
              {t.allocate}
            </a>
          ) : null}
        </div>
      ),
    });
  }
  return (
    <div className="team">
      <TeamListFrame
        locale={common.locale}
        tx={t}
        path={PATH}
        idPrefix="tm"
        headingId="tm-title"
        page={q.page}
        limit={q.limit}
        href={(page) => teamQuery.href(PATH, q, page)}
        ok={ok}
        fields={
          <>
            <Field id="tm-keyword" label={t.keyword}>
              <input id="tm-keyword" name="keyword" type="search" defaultValue={q.keyword} maxLength={50} />
            </Field>
            <SelectField
              id="tm-status"
              name="status"
              label={t.status}
              value={q.status}
              all={t.allStatuses}
              options={[
                ['enable', t.enable],
                ['disable', t.disable],
              ]}
            />
          </>
        }
        heading={t.accounts}
        totals={
          <span>
            {t.ownerBalance} <strong>{formatMoney(result.owner.money)}</strong>
          </span>
        }
        action={
          canAdd ? (
            <a className="btn btn-primary btn-sm" href="/user/team/addAccount">
              {t.add}
            </a>
          ) : null
        }
        total={result.total}
        shown={result.list.length}
        table={
          <DataTable
            className="team-table"
            columns={columns}
            rows={result.list}
            rowKey={(a) => a.id}
            rowAttrs={(a) => ({ 'data-username': a.username })}
          />
        }
      />
    </div>
  );
}
