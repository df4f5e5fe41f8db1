/**
 * The member's signed-in devices (token rows, never the tokens) with "sign out everywhere else", and
 * the previous sign-in (time and IP; the overview showed it before it became the member's desk).
 * The list is read on the server; the button calls the API, which keeps this browser's session.
 */
import { ApiButton } from '~/ui/api-button';
import { formatDate } from '~/lib/format';
import { fill } from '~/lib/texts';
import type { Locale } from '~/lib/types';
import { accountText } from '../texts';
import { describeUserAgent } from '~/lib/user-agent';
import { getRequestContext } from '~/server/context';
import { getDb, numOrNull } from '~/server/db/client';
import { listSessions } from '~/server/session';

export async function SessionList({ locale, timeZone }: { locale: Locale; timeZone: string }) {
  const tx = accountText(locale).profile.sessions;
  const session = getRequestContext().session;
  if (!session) return null;
  const db = getDb();
  const [list, [prev]] = await Promise.all([
    listSessions(db, session.userId, session.tokenId),
    db.sql`SELECT prev_login_time, prev_login_ip FROM "user" WHERE id = ${session.userId}`,
  ]);
  const prevTime = numOrNull(prev?.prev_login_time);
  const others = list.filter((s) => !s.current).length;
  return (
    <section className="card" aria-labelledby="sessions-title">
      <div className="card-head">
        <h2 id="sessions-title">{tx.title}</h2>
        {others > 0 ? (
          <ApiButton
            url="/userapi/v1/account/revokeOtherSessions"
            method="POST"
            refresh
            label={tx.revokeOthers}
            className="btn btn-ghost btn-sm"
          />
        ) : null}
      </div>
      <p className="muted session-previous">
        {prevTime
          ? fill(tx.previous, { time: formatDate(prevTime, 'YYYY-MM-DD HH:mm', timeZone), ip: String(prev?.prev_login_ip || '—') })
          : tx.previousNone}
      </p>
      <ul className="session-list">
        {list.map((s) => (
          <li key={s.id} className="session-item">
            <div>
              <p className="session-device">
                {describeUserAgent(s.userAgent) || tx.unknownDevice}
                {s.current ? <span className="badge">{tx.current}</span> : null}
                {s.kind === 'signature' ? <span className="badge badge-muted">{tx.signedLink}</span> : null}
              </p>
              <p className="muted session-meta">
                {fill(tx.meta, {
                  ip: s.ip || '—',
                  active: formatDate(s.lastUsedAt ?? s.createdAt, 'YYYY-MM-DD HH:mm', timeZone),
                  expires: formatDate(s.expiresAt, 'YYYY-MM-DD HH:mm', timeZone),
                })}
              </p>
            </div>
            {s.current ? null : (
              <ApiButton
                url="/userapi/v1/account/sessions/revoke"
                method="POST"
                data={{ id: s.id }}
                refresh
                label={tx.revoke}
                ariaLabel={fill(tx.revokeOne, { device: describeUserAgent(s.userAgent) || tx.unknownDevice })}
                className="btn btn-ghost btn-sm"
              />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
