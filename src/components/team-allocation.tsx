/**
 * The allocation page's server half: the owner's balance, the transfer form (island, with a fresh
 * request_id per render) and the transfer history with sub-account, day range and page size in
 * a GET form (the URL holds them; pages are plain links).
 */
import * as v from 'valibot';
import { Notice } from '~/ui/notice';
import { type AllocationsQuery, allocationsQuerySchema, listTransfers, TEAM_PAGE_SIZES, teamMessages, teamPicker } from '~/features/team';
import { TeamAllocateForm } from '~/islands/team-allocate-form';
import { formatDate, formatMoney } from '~/lib/format';
import type { Translator } from '~/lib/i18n';
import { fenToYuan } from '~/lib/money';
import { getRequestContext } from '~/server/context';
import { getDb, num } from '~/server/db/client';

const PATH = '/user/team/allocation';
const DEFAULTS: AllocationsQuery = { sub_id: '', start: '', end: '', page: 1, limit: 10 };
const VALIDATE_KEYS = ['required', 'invalid'];

function href(q: AllocationsQuery, page: number): string {
  const p = new URLSearchParams();
  if (q.sub_id !== '') p.set('sub_id', String(q.sub_id));
  if (q.start) p.set('start', q.start);
  if (q.end) p.set('end', q.end);
  if (q.limit !== DEFAULTS.limit) p.set('limit', String(q.limit));
  if (page > 1) p.set('page', String(page));
  const s = p.toString();
  return s ? `${PATH}?${s}` : PATH;
}

export interface TeamAllocationProps {
  query: string;
  /** The page's own translator (team.* keys) and the common one (validate.*). */
  t: Translator;
  common: Translator;
  timeZone: string;
  siteTimeZone: string;
}

export async function TeamAllocation({ query, t, common, timeZone, siteTimeZone }: TeamAllocationProps) {
  const session = getRequestContext().session;
  if (!session) return null;
  const db = getDb();
  const params = new URLSearchParams(query);
  const { sub, ...filters } = Object.fromEntries(params);
  const parsed = v.safeParse(allocationsQuerySchema, filters);
  const q = parsed.success ? parsed.output : DEFAULTS;
  const [subs, history, [owner]] = await Promise.all([
    teamPicker(db, session.userId),
    listTransfers(db, session.userId, q, siteTimeZone),
    db.sql`SELECT money FROM "user" WHERE id = ${session.userId}`,
  ]);
  const pages = Math.max(1, Math.ceil(history.total / q.limit));
  const requestId = crypto.randomUUID();
  const team = teamMessages[t.locale].team as Record<string, string>;
  const messages: Record<string, string> = {
    ...Object.fromEntries(VALIDATE_KEYS.map((k) => [`validate.${k}`, common(['validate', k])])),
    ...Object.fromEntries(Object.entries(team).map(([k, val]) => [`team.${k}`, val])),
    'team.chooseSub': t('team.selectSub'),
  };
  const initialSub = sub && /^\d{1,9}$/.test(sub) ? Number(sub) : q.sub_id === '' ? undefined : q.sub_id;
  return (
    <div className="team">
      <div className="team-allocate-grid">
        <section className="card team-balance" aria-labelledby="ta-balance">
          <h2 id="ta-balance" className="card-title">
            {t('team.ownerBalance')}
          </h2>
          <p className="team-balance-value">
            <strong data-testid="owner-balance">{formatMoney(fenToYuan(num(owner?.money)))}</strong>
          </p>
        </section>
        <section className="card" aria-labelledby="ta-form">
          <h2 id="ta-form" className="card-title">
            {t('team.form')}
          </h2>
          {subs.length === 0 ? (
            <p className="muted">
              {t('team.noSubs')} <a href="/user/team/addAccount">{t('team.addOne')}</a>
            </p>
          ) : (
            <TeamAllocateForm
              key={requestId}
              subs={subs}
              initialSub={initialSub}
              requestId={requestId}
              text={{
                sub: t('team.sub'),
                choose: t('team.choose'),
                disabled: t('team.disabled'),
                direction: t('team.direction'),
                allocate: t('team.allocate'),
                reclaim: t('team.reclaim'),
                amount: t('team.amount'),
                memo: t('team.memo'),
                submit: t('team.submit'),
                saving: t('team.saving'),
                messages,
              }}
            />
          )}
        </section>
      </div>
      <form className="card team-filters" method="get" action={PATH} aria-label={t('team.filters')}>
        <div className="field">
          <label htmlFor="ta-sub">{t('team.sub')}</label>
          <select id="ta-sub" name="sub_id" defaultValue={String(q.sub_id)}>
            <option value="">{t('team.allSubs')}</option>
            {subs.map((s) => (
              <option key={s.id} value={s.id}>
                {s.username}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="ta-start">{t('team.start')}</label>
          <input id="ta-start" name="start" type="date" defaultValue={q.start} />
        </div>
        <div className="field">
          <label htmlFor="ta-end">{t('team.end')}</label>
          <input id="ta-end" name="end" type="date" defaultValue={q.end} />
        </div>
        <div className="field">
          <label htmlFor="ta-limit">{t('team.perPage')}</label>
          <select id="ta-limit" name="limit" defaultValue={String(q.limit)}>
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
      <section className="card" aria-labelledby="ta-history">
        <div className="card-head team-head">
          <h2 id="ta-history">{t('team.history')}</h2>
          <p className="team-totals">
            <span>{t('team.count', { n: history.total })}</span>
          </p>
        </div>
        {history.list.length === 0 ? (
          <p className="team-empty">{history.total === 0 ? t('team.empty') : t('team.pastEnd')}</p>
        ) : (
          <div className="table-scroll">
            <table className="data-table team-table team-transfers">
              <thead>
                <tr>
                  <th scope="col">{t('team.time')}</th>
                  <th scope="col">{t('team.sub')}</th>
                  <th scope="col">{t('team.kind')}</th>
                  <th scope="col" className="num">
                    {t('team.amount')}
                  </th>
                  <th scope="col" className="num">
                    {t('team.ownerAfter')}
                  </th>
                  <th scope="col" className="num">
                    {t('team.subAfter')}
                  </th>
                  <th scope="col">{t('team.memo')}</th>
                </tr>
              </thead>
              <tbody>
                {history.list.map((x) => (
                  <tr key={x.id}>
                    <td className="nowrap">{formatDate(x.created_at, 'YYYY-MM-DD HH:mm', timeZone)}</td>
                    <td className="nowrap">{x.sub_username}</td>
                    <td className="nowrap">
                      <span className={x.direction === 'allocate' ? 'badge badge-ok' : 'badge'}>{t(`team.dir.${x.direction}`)}</span>
                    </td>
                    <td className={`num nowrap ${x.direction === 'allocate' ? 'amount-out' : 'amount-in'}`}>{formatMoney(x.amount)}</td>
                    <td className="num nowrap">{formatMoney(x.owner_after)}</td>
                    <td className="num nowrap">{formatMoney(x.sub_after)}</td>
                    <td>{x.memo || common('None')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {history.total > 0 ? (
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
