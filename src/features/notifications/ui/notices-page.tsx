/**
 * /user/notice: every notice of the member, newest first, in the page's language — all or unread
 * (status tabs), the kit's pager, "mark all read", and per unread notice "mark read". Each notice
 * links to its page. Menu-less: the bell's "All notices" leads here (and e-mails whose page is gone).
 */
import './notices.css';
import { formatDate } from '~/lib/format';
import { listQuery } from '~/lib/list-query';
import { fill } from '~/lib/texts';
import type { Locale } from '~/lib/types';
import { getRequestContext } from '~/server/context';
import { getDb } from '~/server/db/client';
import { PageFrame, Pager, StatusTabs } from '~/ui';
import { ApiButton } from '~/ui/api-button';
import { DataText } from '~/ui/data-text';
import { type NotificationListQuery, notificationListSchema } from '../schemas';
import { listNotices } from '../service';
import { noticeText } from '../texts';

const PATH = '/user/notice';
const DEFAULTS: NotificationListQuery = { unread: false, page: 1, limit: 20 };
const noticesQuery = listQuery(notificationListSchema, DEFAULTS);

async function NoticeList({ query, locale, timeZone }: { query: string; locale: Locale; timeZone: string }) {
  const session = getRequestContext().session;
  if (!session) return null;
  const n = noticeText(locale);
  const { q } = noticesQuery.parse(query);
  const { list, total, unread, all } = await listNotices(getDb(), session.userId, q, locale);
  return (
    <div className="notices">
      <p className="muted notices-lead">{n.lead}</p>
      <div className="notices-bar">
        <StatusTabs
          label={n.tabsLabel}
          current={q.unread ? 'unread' : ''}
          tabs={[
            { value: '', label: n.tabs.all, count: all },
            { value: 'unread', label: n.tabs.unread, count: unread },
          ]}
          href={(value) => noticesQuery.href(PATH, { ...q, unread: value === 'unread' }, 1)}
        />
        {unread ? (
          <ApiButton
            url="/userapi/v1/notice/read"
            method="POST"
            data={{ all: true }}
            label={n.markAll}
            className="btn btn-ghost btn-sm"
            refresh
          />
        ) : null}
      </div>
      {list.length === 0 ? (
        <p className="card notices-none">{q.unread ? n.noneUnread : n.none}</p>
      ) : (
        <ul className="notice-list card">
          {list.map((item) => (
            <li key={item.id} className={item.read ? 'notice-item' : 'notice-item is-unread'} data-notice={item.id}>
              <a className="notice-link" href={item.link || PATH}>
                <span className="notice-item-title">
                  {item.read ? null : <span className="sr-only">{n.unreadBadge}: </span>}
                  <DataText text={item.title} values={item.data} />
                </span>
                <span className="notice-item-body">
                  <DataText text={item.body} values={item.data} />
                </span>
                <time className="notice-when" dateTime={new Date(item.created_at * 1000).toISOString()}>
                  {formatDate(item.created_at, 'YYYY-MM-DD HH:mm', timeZone)}
                </time>
              </a>
              {item.read ? null : (
                <ApiButton
                  url="/userapi/v1/notice/read"
                  method="POST"
                  data={{ ids: [item.id] }}
                  label={n.markRead}
                  ariaLabel={fill(n.markReadOf, { title: item.title })}
                  className="btn btn-ghost btn-sm notice-mark"
                  refresh
                />
              )}
            </li>
          ))}
        </ul>
      )}
      <Pager locale={locale} total={total} page={q.page} limit={q.limit} href={(page) => noticesQuery.href(PATH, q, page)} />
    </div>
  );
}

export function NoticesPage({ query }: { query?: string }) {
  return (
    <PageFrame
      page="user/notice"
      title={({ view }) => noticeText(view.locale).title}
      render={({ view }) => <NoticeList query={query ?? ''} locale={view.locale} timeZone={view.timeZone} />}
    />
  );
}
