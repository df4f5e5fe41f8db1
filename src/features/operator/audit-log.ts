/** The audit log in the operator console: filtered list and CSV export (no edit, no delete). */
import { dayStart } from '~/features/ledger';
import { type AuditRow, searchAudit } from '~/server/audit';
import { type Db, num } from '~/server/db/client';
import { viewAsRecords } from '~/server/session';
import type { AuditQuery } from './schemas';

export interface AuditItem {
  id: number;
  actor: { id: number; username: string } | null;
  action: string;
  target_type: string;
  target_id: string;
  detail: Record<string, unknown>;
  ip: string;
  created_at: number;
}

function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** `actor` is a member id or a username; an unknown one matches nothing. */
async function actorId(db: Db, actor: string): Promise<number | null | undefined> {
  if (!actor) return undefined;
  if (/^\d{1,9}$/.test(actor)) return Number(actor);
  const [u] = await db.sql`SELECT id FROM "user" WHERE username = ${actor}`;
  return u ? num(u.id) : -1;
}

async function withActors(db: Db, rows: AuditRow[]): Promise<AuditItem[]> {
  const ids = [...new Set(rows.map((r) => r.user_id).filter((x): x is number => x !== null))];
  const names = new Map<number, string>();
  if (ids.length) {
    for (const u of await db.sql`SELECT id, username FROM "user" WHERE id IN ${db.sql(ids)}`) names.set(num(u.id), String(u.username));
  }
  return rows.map((r) => ({
    id: r.id,
    actor: r.user_id === null ? null : { id: r.user_id, username: names.get(r.user_id) ?? '' },
    action: r.action,
    target_type: r.target_type,
    target_id: r.target_id,
    detail: r.detail,
    ip: r.ip,
    created_at: r.created_at,
  }));
}

/** One page of audit entries, newest first; `action` may be a prefix (`operator.member.` or `operator.*`). */
export async function listAuditLog(db: Db, q: AuditQuery, timeZone: string): Promise<{ list: AuditItem[]; total: number }> {
  const page = await searchAudit(db, {
    actorId: await actorId(db, q.actor),
    action: q.action,
    targetType: q.target_type,
    targetId: q.target_id,
    from: q.start ? dayStart(q.start, timeZone) : undefined,
    to: q.end ? dayStart(nextDay(q.end), timeZone) : undefined,
    page: q.page,
    limit: q.limit,
  });
  return { list: await withViewAs(db, await withActors(db, page.list)), total: page.total };
}

/**
 * A view-as entry (`operator.viewAs`, written when the view starts) with what its session row
 * holds now: when it ended and how, and the member pages seen (decision 0016).
 */
async function withViewAs(db: Db, items: AuditItem[]): Promise<AuditItem[]> {
  const ids = items.filter((a) => a.action === 'operator.view_as').map((a) => Number(a.detail.session_id));
  const sessions = await viewAsRecords(
    db,
    ids.filter((id) => Number.isInteger(id) && id > 0),
  );
  if (!sessions.size) return items;
  return items.map((a) => {
    const s = a.action === 'operator.view_as' ? sessions.get(Number(a.detail.session_id)) : undefined;
    if (!s) return a;
    return {
      ...a,
      detail: {
        ...a.detail,
        started_at: s.startedAt,
        expires_at: s.expiresAt,
        ended_at: s.endedAt,
        end_reason: s.endReason,
        pages: s.pages,
      },
    };
  });
}

/** Most rows one export returns. */
export const EXPORT_MAX = 10_000;

/** A CSV cell: quoted, and a leading = + - @ made inert so spreadsheets never run it. */
function cell(v: unknown): string {
  let s = v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return `"${s.replace(/"/g, '""')}"`;
}

/** The filtered entries (up to EXPORT_MAX) as CSV with a header row, UTF-8 with a BOM for spreadsheets. */
export async function exportAuditCsv(db: Db, q: AuditQuery, timeZone: string): Promise<string> {
  const lines = ['id,created_at,actor,action,target_type,target_id,ip,detail'];
  const limit = 500;
  for (let page = 1; page <= EXPORT_MAX / limit; page++) {
    const { list } = await listAuditLog(db, { ...q, page, limit: limit as 100 }, timeZone);
    for (const r of list) {
      lines.push(
        [r.id, new Date(r.created_at * 1000).toISOString(), r.actor?.username ?? '', r.action, r.target_type, r.target_id, r.ip, r.detail]
          .map(cell)
          .join(','),
      );
    }
    if (list.length < limit) break;
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Who did it and to whom, by name, for the console's sentences ("运营专员 disabled member manager"). */
export interface AuditNames {
  /** Member id → nickname (else username) and username. */
  members: Map<number, { name: string; username: string }>;
}

/** The names of the actors and member targets of `items`, in one query. */
export async function auditNames(db: Db, items: AuditItem[]): Promise<AuditNames> {
  const ids = new Set<number>();
  for (const a of items) {
    if (a.actor) ids.add(a.actor.id);
    if (a.target_type === 'member' && /^\d{1,9}$/.test(a.target_id)) ids.add(Number(a.target_id));
  }
  const members = new Map<number, { name: string; username: string }>();
  if (ids.size) {
    for (const u of await db.sql`SELECT id, username, nickname FROM "user" WHERE id IN ${db.sql([...ids])}`) {
      const username = String(u.username);
      members.set(num(u.id), { name: String(u.nickname ?? '') || username, username });
    }
  }
  return { members };
}
