/**
 * The owner's sub-accounts as a server-rendered table: keyword, status and page size in a GET
 * form and pages as plain links (the URL holds the state; no JavaScript needed to browse). Row
 * actions (enable/disable, reset password) are a small island; Edit pages and Allocate are links.
 * Everything that changes a row is shown only with `team/teamMange/edit`; the API checks it too.
 */
import * as v from 'valibot';
import { Notice } from '~/ui/notice';
import { listQuerySchema, listTeam, TEAM_PAGE_SIZES, type TeamListQuery } from '~/features/team';
import { TeamRowActions, type TeamRowText } from '~/islands/team-row-actions';
import { formatDate, formatMoney } from '~/lib/format';
import type { Translator } from '~/lib/i18n';
import { getRequestContext } from '~/server/context';
import { getDb } from '~/server/db/client';
import { hasAction } from '~/server/permissions';

const PATH = '/user/team/teamMange';
const DEFAULTS: TeamListQuery = { status: '', keyword: '', page: 1, limit: 10 };
const VALIDATE_KEYS = ['required', 'invalid', 'password'];

function href(q: TeamListQuery, page: number): string {
  const p = new URLSearchParams();
  if (q.keyword) p.set('keyword', q.keyword);
  if (q.status) p.set('status', q.status);
  if (q.limit !== DEFAULTS.limit) p.set('limit', String(q.limit));
  if (page > 1) p.set('page', String(page));
  const s = p.toString();
  return s ? `${PATH}?${s}` : PATH;
}

export async function TeamList({ query, t, timeZone }: { query: string; t: Translator; timeZone: string }) {
  const session = getRequestContext().session;
  if (!session) return null;
  const db = getDb();
  const parsed = v.safeParse(listQuerySchema, Object.fromEntries(new URLSearchParams(query)));
  const q = parsed.success ? parsed.output : DEFAULTS;
  const [result, canAdd, canEdit, canAllocate] = await Promise.all([
    listTeam(db, session.userId, q),
    hasAction(db, session, 'team/teamMange/add'),
    hasAction(db, session, 'team/teamMange/edit'),
    hasAction(db, session, 'team/allocation'),
  ]);
  const pages = Math.max(1, Math.ceil(result.total / q.limit));
  const rowText = (name: string): TeamRowText => ({
    enable: t('team.enableAction'),
    disable: t('team.disableAction'),
    confirmEnable: t('team.confirmEnable', { name }),
    confirmDisable: t('team.confirmDisable', { name }),
    resetPassword: t('team.resetPassword'),
    newPassword: t('team.newPassword', { name }),
    save: t('team.save'),
    cancel: t('team.cancel'),
    validate: Object.fromEntries(VALIDATE_KEYS.map((k) => [`validate.${k}`, t(['validate', k])])),
  });
  return (
    <div className="team">
      <form className="card team-filters" method="get" action={PATH} aria-label={t('team.filters')}>
        <div className="field">
          <label htmlFor="tm-keyword">{t('team.keyword')}</label>
          <input id="tm-keyword" name="keyword" type="search" defaultValue={q.keyword} maxLength={50} />
        </div>
        <div className="field">
          <label htmlFor="tm-status">{t('team.status')}</label>
          <select id="tm-status" name="status" defaultValue={q.status}>
            <option value="">{t('team.allStatuses')}</option>
            <option value="enable">{t('team.enable')}</option>
            <option value="disable">{t('team.disable')}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="tm-limit">{t('team.perPage')}</label>
          <select id="tm-limit" name="limit" defaultValue={String(q.limit)}>
            {TEAM_PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
        <div className="team-filter-actions">
          <button type="submit" className="btn btn-primary btn-sm">
            {t('team.apply')}
          </button>
          <a href={PATH} className="btn btn-ghost btn-sm">
            {t('team.reset')}
          </a>
        </div>
      </form>
      {parsed.success ? null : (
        <Notice kind="warning" role="status">
          <p>{t('team.badFilters')}</p>
        </Notice>
      )}
      <section className="card" aria-labelledby="tm-title">
        <div className="card-head team-head">
          <h2 id="tm-title">{t('team.accounts')}</h2>
          <p className="team-totals">
            <span>{t('team.count', { n: result.total })}</span>
            <span>
              {t('team.ownerBalance')} <strong>{formatMoney(result.owner.money)}</strong>
            </span>
          </p>
          {canAdd ? (
            <a className="btn btn-primary btn-sm" href="/user/team/addAccount">
              {t('team.add')}
            </a>
          ) : null}
        </div>
        {result.list.length === 0 ? (
          <p className="team-empty">{result.total === 0 ? t('team.empty') : t('team.pastEnd')}</p>
        ) : (
          <div className="table-scroll">
            <table className="data-table team-table">
              <thead>
                <tr>
                  <th scope="col">{t('team.username')}</th>
                  <th scope="col">{t('team.mobile')}</th>
                  <th scope="col">{t('team.status')}</th>
                  <th scope="col" className="num">
                    {t('team.balance')}
                  </th>
                  <th scope="col">{t('team.lastLogin')}</th>
                  <th scope="col" className="num">
                    {t('team.pages')}
                  </th>
                  {canEdit ? <th scope="col">{t('team.actions')}</th> : null}
                </tr>
              </thead>
              <tbody>
                {result.list.map((a) => (
                  <tr key={a.id} data-username={a.username}>
                    <td className="tm-name">
                      <strong>{a.username}</strong>
                      {a.nickname && a.nickname !== a.username ? <span className="team-sub">{a.nickname}</span> : null}
                    </td>
                    <td className="nowrap tm-mobile">{a.mobile}</td>
                    <td className="tm-status">
                      <span className={a.status === 'enable' ? 'badge badge-ok' : 'badge badge-off'}>{t(`team.${a.status}`)}</span>
                    </td>
                    <td className="num nowrap tm-money">{formatMoney(a.money)}</td>
                    <td className="nowrap tm-login">
                      {a.last_login_time ? formatDate(a.last_login_time, 'YYYY-MM-DD HH:mm', timeZone) : t('team.never')}
                      {a.last_login_ip ? <span className="team-sub">{a.last_login_ip}</span> : null}
                    </td>
                    <td className="num tm-pages">{t('team.pages_n', { n: a.pages })}</td>
                    {canEdit ? (
                      <td className="tm-actions">
                        <div className="team-actions">
                          <TeamRowActions id={a.id} status={a.status} text={rowText(a.username)} />
                          <a className="btn btn-ghost btn-sm" href={`/user/team/addAccount?id=${a.id}`}>
                            {t('team.editPages')}
                          </a>
                          {canAllocate ? (
                            <a className="btn btn-ghost btn-sm" href={`/user/team/allocation?sub=${a.id}`}>
                              {t('team.allocate')}
                            </a>
                          ) : null}
                        </div>
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {result.total > 0 ? (
          <nav className="pager" aria-label={t('team.pagesNav')}>
            {q.page > 1 ? (
              <a className="btn btn-ghost btn-sm" href={href(q, Math.min(q.page - 1, pages))} rel="prev">
                {t('team.prev')}
              </a>
            ) : (
              <span className="btn btn-ghost btn-sm is-disabled" aria-disabled="true">
                {t('team.prev')}
              </span>
            )}
            <span className="pager-status">{t('team.pageOf', { page: q.page, pages })}</span>
            {q.page < pages ? (
              <a className="btn btn-ghost btn-sm" href={href(q, q.page + 1)} rel="next">
                {t('team.next')}
              </a>
            ) : (
              <span className="btn btn-ghost btn-sm is-disabled" aria-disabled="true">
                {t('team.next')}
              </span>
            )}
          </nav>
        ) : null}
      </section>
    </div>
  );
}
