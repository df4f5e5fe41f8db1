/** /user/operator/members: the member list with its filters in the URL (GET form, plain page links). */
import './operator.css';
import * as v from 'valibot';
import { formatDate, formatMoney } from '~/lib/format';
import { getDb } from '~/server/db/client';
import { getSiteConfig } from '~/server/site-config';
import { listGroups } from '../groups';
import { listMembers } from '../members';
import { memberListSchema } from '../schemas';
import { DateRangeFields } from '~/ui/filter-form';
import { ConsoleFilters } from './filters';
import { Pager } from '~/ui/pager';
import { ConsoleShell, withQuery } from './shell';
import { fill } from '../texts';

const DEFAULTS = v.parse(memberListSchema, {});

export function MembersPage({ query = '' }: { query?: string }) {
  return (
    <ConsoleShell
      page="members"
      query={query}
      render={async ({ tx, params, view }) => {
        const db = getDb();
        const parsed = v.safeParse(memberListSchema, params);
        const q = parsed.success ? parsed.output : DEFAULTS;
        const { site } = await getSiteConfig(db);
        const [result, groups] = await Promise.all([listMembers(db, q, site.timezone), listGroups(db)]);
        const tz = view.timeZone;
        const path = '/user/operator/members';
        const href = (page: number) =>
          withQuery(path, {
            keyword: q.keyword,
            group_id: q.group_id,
            status: q.status,
            start: q.start,
            end: q.end,
            limit: q.limit === 20 ? '' : q.limit,
            page: page > 1 ? page : '',
          });
        return (
          <>
            <ConsoleFilters tx={tx} path={path} idPrefix="om" limit={q.limit} ok={parsed.success}>
              <div className="field">
                <label htmlFor="om-keyword">{tx.keyword}</label>
                <input id="om-keyword" name="keyword" type="search" defaultValue={q.keyword} placeholder={tx.keywordHint} />
              </div>
              <div className="field">
                <label htmlFor="om-group">{tx.group}</label>
                <select id="om-group" name="group_id" defaultValue={String(q.group_id)}>
                  <option value="">{tx.anyGroup}</option>
                  {groups.list.map((g) => (
                    <option key={g.id} value={g.id}>
                      {g.name}
                    </option>
                  ))}
                </select>
              </div>
              <div className="field">
                <label htmlFor="om-status">{tx.status}</label>
                <select id="om-status" name="status" defaultValue={q.status}>
                  <option value="">{tx.anyStatus}</option>
                  <option value="enable">{tx.enable}</option>
                  <option value="disable">{tx.disable}</option>
                </select>
              </div>
              <DateRangeFields id="om" start={q.start} end={q.end} labels={{ start: tx.joinedFrom, end: tx.joinedTo }} />
            </ConsoleFilters>
            <section className="card" aria-labelledby="om-title">
              <div className="card-head">
                <h2 id="om-title">{tx.titles.members}</h2>
                <span className="muted op-count">{fill(tx.count, { n: result.total })}</span>
              </div>
              {result.list.length === 0 ? (
                <p className="op-empty">{tx.empty}</p>
              ) : (
                <div className="table-scroll">
                  <table className="data-table op-table">
                    <thead>
                      <tr>
                        <th scope="col">{tx.id}</th>
                        <th scope="col">{tx.username}</th>
                        <th scope="col">{tx.group}</th>
                        <th scope="col">{tx.status}</th>
                        <th scope="col" className="num">
                          {tx.money}
                        </th>
                        <th scope="col" className="num">
                          {tx.score}
                        </th>
                        <th scope="col">{tx.lastLogin}</th>
                        <th scope="col">{tx.joined}</th>
                        <th scope="col">{tx.actions}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {result.list.map((m) => (
                        <tr key={m.id} data-username={m.username}>
                          <td className="nowrap" data-label={tx.id}>
                            {m.id}
                          </td>
                          <td data-label={tx.username}>
                            <span>
                              <a href={`/user/operator/memberDetail?id=${m.id}`}>{m.username}</a>
                              <span className="op-sub">{[m.nickname, m.email, m.mobile].filter(Boolean).join(' · ')}</span>
                            </span>
                          </td>
                          <td data-label={tx.group}>{m.group.name}</td>
                          <td data-label={tx.status}>
                            <span className={`op-status op-status-${m.status}`}>{m.status === 'enable' ? tx.enable : tx.disable}</span>
                          </td>
                          <td className="num nowrap" data-label={tx.money}>
                            {formatMoney(m.money)}
                          </td>
                          <td className="num nowrap" data-label={tx.score}>
                            {m.score}
                          </td>
                          <td className="nowrap" data-label={tx.lastLogin}>
                            {m.last_login_time ? formatDate(m.last_login_time, 'YYYY-MM-DD HH:mm', tz) : tx.never}
                          </td>
                          <td className="nowrap" data-label={tx.joined}>
                            {formatDate(m.join_time, 'YYYY-MM-DD', tz)}
                          </td>
                          <td data-label={tx.actions}>
                            <a
                              className="btn btn-ghost btn-sm"
                              href={`/user/operator/memberDetail?id=${m.id}`}
                              aria-label={`${tx.view} ${m.username}`}
                            >
                              {tx.view}
                            </a>
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
              <Pager locale={view.locale} total={result.total} page={q.page} limit={q.limit} href={href} />
            </section>
          </>
        );
      }}
    />
  );
}
