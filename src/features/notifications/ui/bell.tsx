/**
 * The header bell: the unread count and the latest 20 notifications in a <details> dropdown,
 * rendered on the server (works without JavaScript; a notification's page marks it read when
 * opened). "Mark all read" is the one button that needs JavaScript; "All notices" opens /user/notice.
 */
import './bell.css';
import { bellSummary, noteLocale } from '~/features/notifications';
import { DataText } from '~/ui/data-text';
import { ApiButton } from '~/ui/api-button';
import { formatDate } from '~/lib/format';
import type { Locale } from '~/lib/types';
import { tryRequestContext } from '~/server/context';
import { getDb } from '~/server/db/client';
import { defineTexts, fill } from '~/lib/texts';
import { StaticRegion } from '~/ui/static-region';
import { noticeText } from '../texts';

/** The bell's own texts. */
const bellText = defineTexts('notification-bell', {
  'zh-cn': {
    label: '通知',
    unread: '{n} 条未读',
    none: '暂无通知',
    markAll: '全部标为已读',
    latest: '最新通知',
  },
  en: {
    label: 'Notifications',
    unread: '{n} unread',
    none: 'No notifications',
    markAll: 'Mark all read',
    latest: 'Latest notifications',
  },
});

export async function NotificationBell({ locale, timeZone }: { locale: Locale; timeZone: string }) {
  const session = tryRequestContext()?.session;
  if (!session) return null;
  const db = getDb();
  // E-mail copies of notifications are written in the language the member last used here.
  await noteLocale(db, session.userId, locale);
  const { list, unread } = await bellSummary(db, session.userId, locale, 20);
  const b = bellText(locale);
  const label = unread ? `${b.label}, ${fill(b.unread, { n: unread })}` : b.label;
  return (
    <details className="dropdown notification-bell" data-autoclose>
      <summary className="dropdown-trigger icon-btn" aria-label={label} title={label}>
        <svg
          width="20"
          height="20"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          aria-hidden="true"
        >
          <path d="M6 16V11a6 6 0 0112 0v5l1.5 2h-15L6 16z" />
          <path d="M10 20.5a2 2 0 004 0" />
        </svg>
        {unread ? (
          <span className="notification-count" data-unread={unread} aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </summary>
      <div className="dropdown-panel notification-panel">
        <div className="notification-panel-head">
          <strong>{b.latest}</strong>
          {unread ? (
            <ApiButton
              url="/userapi/v1/notice/read"
              method="POST"
              data={{ all: true }}
              label={b.markAll}
              className="btn btn-ghost btn-sm"
              refresh
            />
          ) : null}
        </div>
        {list.length === 0 ? (
          <p className="notification-none">{b.none}</p>
        ) : (
          <StaticRegion id="notification-list" as="ul" className="notification-list">
            {list.map((n) => (
              <li key={n.id} className={n.read ? 'notification-item' : 'notification-item is-unread'}>
                <a href={n.link || '/user'}>
                  <div className="n-title">
                    <DataText text={n.title} values={n.data} />
                  </div>
                  <div className="n-body">
                    <DataText text={n.body} values={n.data} />
                  </div>
                  <div className="n-when">{formatDate(n.created_at, 'YYYY-MM-DD HH:mm', timeZone)}</div>
                </a>
              </li>
            ))}
          </StaticRegion>
        )}
        <a className="notification-all" href="/user/notice">
          {noticeText(locale).allNotices}
        </a>
      </div>
    </details>
  );
}
