import type { SQL } from 'bun';
import { nowSeconds, type Db } from '~/server/db/client';

export interface AuditEntry {
  userId: number | null;
  /** Dotted verb, e.g. `auth.login`, `auth.login_failed`, `auth.logout`, `auth.refresh`. */
  action: string;
  detail?: Record<string, unknown>;
  ip?: string;
}

/** Append one audit entry. Pass a transaction as `db` to keep it atomic with the change. */
export async function writeAudit(db: Db | SQL, entry: AuditEntry): Promise<void> {
  const sql = 'sql' in db ? db.sql : db;
  await sql`INSERT INTO audit_log (user_id, action, detail, ip, created_at)
    VALUES (${entry.userId}, ${entry.action}, ${JSON.stringify(entry.detail ?? {})}, ${entry.ip ?? ''}, ${nowSeconds()})`;
}

export interface AuditRow {
  id: number;
  user_id: number | null;
  action: string;
  detail: Record<string, unknown>;
  ip: string;
  created_at: number;
}

/** Latest entries, newest first (optionally one member's). */
export async function listAudit(db: Db, opts: { userId?: number; limit?: number } = {}): Promise<AuditRow[]> {
  const limit = Math.min(Math.max(opts.limit ?? 50, 1), 500);
  const rows =
    opts.userId === undefined
      ? await db.sql`SELECT * FROM audit_log ORDER BY id DESC LIMIT ${limit}`
      : await db.sql`SELECT * FROM audit_log WHERE user_id = ${opts.userId} ORDER BY id DESC LIMIT ${limit}`;
  return rows.map((r: Record<string, unknown>) => ({
    id: Number(r.id),
    user_id: r.user_id === null ? null : Number(r.user_id),
    action: String(r.action),
    detail: JSON.parse(String(r.detail || '{}')),
    ip: String(r.ip ?? ''),
    created_at: Number(r.created_at),
  }));
}
