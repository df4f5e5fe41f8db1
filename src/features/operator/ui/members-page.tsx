/**
 * /user/operator/members: the console's landing (the first entry of its section): the waiting work
 * of the review queues, then the member list with its filters in the URL (GET form, plain page links).
 */
import './operator.css';
import * as v from 'valibot';
import { formatDate, formatMoney } from '~/lib/format';
import { getDb } from '~/server/db/client';
import { getSiteConfig } from '~/server/site-config';
import { listGroups } from '../groups';
import { listMembers } from '../members';
import { memberListSchema } from '../schemas';
import { Field, SelectField } from '~/ui/field';
import { DateRangeFields } from '~/ui/filter-form';
import { ConsoleCard, ConsoleTable } from './card';
import { MemberStatus } from './member-status';
import { ConsoleFilters } from './filters';
import { Pager } from '~/ui/pager';
import { ConsoleShell, withQuery } from './shell';
import { countText } from '~/lib/texts';
import { WaitingTiles } from './waiting-tiles';

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
            <WaitingTiles view={view} tx={tx} />
            <ConsoleFilters tx={tx} path={path} idPrefix="om" limit={q.limit} ok={parsed.success}>
              <Field id="om-keyword" label={tx.keyword}>
                <input id="om-keyword" name="keyword" type="search" defaultValue={q.keyword} placeholder={tx.keywordHint} />
              </Field>
              <SelectField
                id="om-group"
                name="group_id"
                label={tx.group}
                value={String(q.group_id)}
                all={tx.anyGroup}
                options={groups.list.map((g) => [g.id, g.name] as const)}
              />
              <SelectField
                id="om-status"
                name="status"
                label={tx.status}
                value={q.status}
                all={tx.anyStatus}
                options={[
                  ['enable', tx.enable],
                  ['disable', tx.disable],
                ]}
              />
              <DateRangeFields id="om" start={q.start} end={q.end} labels={{ start: tx.joinedFrom, end: tx.joinedTo }} />
            </ConsoleFilters>
            <ConsoleCard
              id="om-title"
              title={tx.titles.members}
              actions={<span className="muted op-count">{countText(tx, result.total)}</span>}
            >
              <ConsoleTable
                rows={result.list}
                empty={tx.empty}
                rowKey={(m) => m.id}
                rowAttrs={(m) => ({ 'data-username': m.username })}
                columns={[
                  { head: tx.id, cell: (m) => m.id, cellClass: 'nowrap' },
                  {
                    head: tx.username,
                    cell: (m) => (
                      <span>
                        <a href={`/user/operator/memberDetail?id=${m.id}`}>{m.username}</a>
                        <span className="op-sub" translate="no">
                          {[m.nickname, m.email, m.mobile].filter(Boolean).join(' · ')}
                        </span>
                      </span>
                    ),
                  },
                  { head: tx.group, cell: (m) => m.group.name },
                  { head: tx.status, cell: (m) => <MemberStatus status={m.status} tx={tx} /> },
                  { head: tx.money, cell: (m) => formatMoney(m.money), num: true },
                  { head: tx.score, cell: (m) => m.score, num: true },
                  {
                    head: tx.lastLogin,
                    cell: (m) => (m.last_login_time ? formatDate(m.last_login_time, 'YYYY-MM-DD HH:mm', tz) : tx.never),
                    cellClass: 'nowrap',
                  },
                  { head: tx.joined, cell: (m) => formatDate(m.join_time, 'YYYY-MM-DD', tz), cellClass: 'nowrap' },
                  {
                    head: tx.actions,
                    cell: (m) => (
                      <a
                        className="btn btn-ghost btn-sm"
                        href={`/user/operator/memberDetail?id=${m.id}`}
                        aria-label={`${tx.view} ${m.username}`}
                      >
                        {tx.view}
                      </a>
                    ),
                  },
                ]}
              />
              <Pager locale={view.locale} total={result.total} page={q.page} limit={q.limit} href={href} />
            </ConsoleCard>
          </>
        );
      }}
    />
  );
}
