/**
 * "View as member" (docs/decisions/0016-view-as-member.md): an operator holding `operator/viewAs`
 * opens a member's centre read-only. The view-as session is a row of `view_as_session` (migration
 * 26) found by the SHA-256 of a random token kept in the HttpOnly `ba-view-as` cookie, and bound to
 * the operator's own login token: when that token ends, so does the view. While it lasts, the
 * request's session is the member's, marked `viewAs`; every write is refused in one place
 * ({@link viewAsRefusesWrite}, asked by the API pipeline and by the page middleware).
 */
import type { Session, ViewAsInfo } from '~/server/context';
import { num, numOrNull, nowSeconds, type Db } from '~/server/db/client';
import { findUserById, type UserRow } from '~/server/members';
import { hasExplicitRule } from '~/server/permissions';
import { hashToken, randomToken } from './tokens';

export { VIEW_AS_COOKIE } from './credentials';
/** A view-as session ends by itself this long after it started (seconds). */
export const VIEW_AS_TTL = 30 * 60;
/** Most distinct pages one session records. */
export const VIEW_AS_PAGES_MAX = 50;
/** The rule an operator's group must list by id. */
export const VIEW_AS_RULE = 'operator/viewAs';

/** The API paths a view-as request may still write to: ending the view itself. */
export const VIEW_AS_WRITE_PATHS: ReadonlySet<string> = new Set(['/userapi/v1/operator/viewAs/end']);
/** Form posts that change only this browser's own cookies (language, theme). */
const BROWSER_ONLY_POSTS: ReadonlySet<string> = new Set(['/lang', '/theme']);

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The one rule: a request made while viewing as a member may not write. Any method but
 * GET/HEAD/OPTIONS is refused, except ending the view and the language / theme cookies.
 */
export function viewAsRefusesWrite(session: Pick<Session, 'viewAs'> | null | undefined, method: string, path: string): boolean {
  if (!session?.viewAs || READS.has(method.toUpperCase())) return false;
  return !VIEW_AS_WRITE_PATHS.has(path) && !BROWSER_ONLY_POSTS.has(path);
}

/** One view-as session as stored. */
export interface ViewAsRecord {
  id: number;
  operatorId: number;
  operatorTokenId: number;
  memberId: number;
  startedAt: number;
  expiresAt: number;
  endedAt: number | null;
  endReason: string;
  pages: string[];
  ip: string;
}

function parsePages(raw: unknown): string[] {
  try {
    const list = JSON.parse(String(raw ?? '[]'));
    return Array.isArray(list) ? list.filter((p): p is string => typeof p === 'string') : [];
  } catch {
    return [];
  }
}

export function toViewAsRecord(r: Record<string, unknown>): ViewAsRecord {
  return {
    id: num(r.id),
    operatorId: num(r.operator_id),
    operatorTokenId: num(r.operator_token_id),
    memberId: num(r.member_id),
    startedAt: num(r.started_at),
    expiresAt: num(r.expires_at),
    endedAt: numOrNull(r.ended_at),
    endReason: String(r.end_reason ?? ''),
    pages: parsePages(r.pages),
    ip: String(r.ip ?? ''),
  };
}

/** Start a view-as session; returns the raw token (the cookie's value) and the row. */
export async function startViewAs(db: Db, operator: Session, memberId: number, ip = ''): Promise<{ token: string; record: ViewAsRecord }> {
  const token = randomToken();
  const now = nowSeconds();
  // One live view per operator login: a new one ends the previous.
  await db.sql`UPDATE view_as_session SET ended_at = ${now}, end_reason = 'replaced'
    WHERE operator_token_id = ${operator.tokenId} AND ended_at IS NULL`;
  const [row] = await db.sql`INSERT INTO view_as_session
      (token_hash, operator_id, operator_token_id, member_id, started_at, expires_at, pages, ip)
    VALUES (${hashToken(token)}, ${operator.userId}, ${operator.tokenId}, ${memberId}, ${now}, ${now + VIEW_AS_TTL}, '[]', ${ip.slice(0, 64)})
    RETURNING *`;
  return { token, record: toViewAsRecord(row) };
}

/** The session row behind a raw view-as token, whatever its state. */
export async function findViewAs(db: Db, raw: string): Promise<ViewAsRecord | null> {
  const [row] = await db.sql`SELECT * FROM view_as_session WHERE token_hash = ${hashToken(raw)}`;
  return row ? toViewAsRecord(row) : null;
}

/** End a view-as session (idempotent); returns the row as it now stands. */
export async function endViewAs(db: Db, id: number, reason: 'ended' | 'expired' | 'replaced'): Promise<ViewAsRecord | null> {
  const now = nowSeconds();
  await db.sql`UPDATE view_as_session SET ended_at = ${now}, end_reason = ${reason} WHERE id = ${id} AND ended_at IS NULL`;
  // An expired one ended when its time ran out, not when someone noticed.
  await db.sql`UPDATE view_as_session SET ended_at = expires_at WHERE id = ${id} AND end_reason = 'expired' AND ended_at > expires_at`;
  const [row] = await db.sql`SELECT * FROM view_as_session WHERE id = ${id}`;
  return row ? toViewAsRecord(row) : null;
}

/**
 * The member session a view-as token gives the operator's session `operator`, or null when the
 * token is unknown, ended, expired, someone else's, or the operator no longer holds the rule.
 */
export async function resolveViewAs(
  db: Db,
  raw: string,
  operator: Session,
): Promise<{ session: Session; user: UserRow; dataVersion: number } | null> {
  const rec = await findViewAs(db, raw);
  if (!rec || rec.endedAt !== null || rec.operatorTokenId !== operator.tokenId || rec.operatorId !== operator.userId) return null;
  if (rec.expiresAt <= nowSeconds()) {
    await endViewAs(db, rec.id, 'expired');
    return null;
  }
  if (!(await hasExplicitRule(db, operator, VIEW_AS_RULE))) return null;
  const user = await findUserById(db, rec.memberId);
  if (!user) return null;
  const [v] = await db.sql`SELECT version FROM member_data_version WHERE user_id = ${rec.memberId}`;
  const viewAs: ViewAsInfo = { id: rec.id, operatorId: rec.operatorId, expiresAt: rec.expiresAt };
  return {
    session: { userId: user.id, tokenId: operator.tokenId, via: operator.via, viewAs },
    user,
    dataVersion: v ? num(v.version) : 0,
  };
}

/** Add a page path to the session's list: deduplicated, at most VIEW_AS_PAGES_MAX. */
export async function recordViewAsPage(db: Db, id: number, path: string): Promise<void> {
  const clean = path.slice(0, 300);
  const [row] = await db.sql`SELECT pages FROM view_as_session WHERE id = ${id}`;
  if (!row) return;
  const pages = parsePages(row.pages);
  if (pages.includes(clean) || pages.length >= VIEW_AS_PAGES_MAX) return;
  pages.push(clean);
  await db.sql`UPDATE view_as_session SET pages = ${JSON.stringify(pages)} WHERE id = ${id}`;
}

/** The sessions with these ids (the audit log shows their end and pages). */
export async function viewAsRecords(db: Db, ids: number[]): Promise<Map<number, ViewAsRecord>> {
  const out = new Map<number, ViewAsRecord>();
  if (!ids.length) return out;
  for (const r of await db.sql`SELECT * FROM view_as_session WHERE id IN ${db.sql(ids)}`) out.set(num(r.id), toViewAsRecord(r));
  return out;
}
