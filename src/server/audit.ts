import type { SQL } from 'bun';
import { num, nowSeconds, type Db } from '~/server/db/client';

export interface AuditEntry {
  /** The actor (the member who did it), or null for the system / an unknown account. */
  userId: number | null;
  /** Dotted verb, e.g. `auth.login`, `auth.login_failed`, `operator.member.status`. */
  action: string;
  detail?: Record<string, unknown>;
  ip?: string;
  /** What the action changed (indexed with `targetId`), e.g. `member`, `group`, `rule`, `settings`. */
  targetType?: string;
  targetId?: string | number;
  /** State before and after the change; secrets are redacted before they are stored. */
  before?: unknown;
  after?: unknown;
  /** The operator's reason, when the action asks for one. */
  reason?: string;
}

const SECRET = /password|secret|token|hash|salt|signature|captcha|api_?key/i;

/** A copy of `value` with every secret-looking key's value replaced by '***' (any depth). */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => redactSecrets(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    // `loginCaptcha` is a switch, not a secret: only string values under secret keys are hidden.
    out[k] = SECRET.test(k) && typeof v === 'string' ? '***' : redactSecrets(v, depth + 1);
  }
  return out;
}

/** Append one audit entry. Pass a transaction as `db` to keep it atomic with the change. */
export async function writeAudit(db: Db | SQL, entry: AuditEntry): Promise<void> {
  const sql = 'sql' in db ? db.sql : db;
  const detail: Record<string, unknown> = { ...(entry.detail ?? {}) };
  if (entry.before !== undefined) detail.before = entry.before;
  if (entry.after !== undefined) detail.after = entry.after;
  if (entry.reason !== undefined) detail.reason = entry.reason;
  await sql`INSERT INTO audit_log (user_id, action, detail, ip, created_at, target_type, target_id)
    VALUES (${entry.userId}, ${entry.action}, ${JSON.stringify(redactSecrets(detail))}, ${entry.ip ?? ''}, ${nowSeconds()},
      ${entry.targetType ?? ''}, ${entry.targetId === undefined ? '' : String(entry.targetId)})`;
}

/** The same as {@link writeAudit} (the short name other areas use). */
export const audit = writeAudit;

export interface AuditRow {
  id: number;
  user_id: number | null;
  action: string;
  detail: Record<string, unknown>;
  ip: string;
  created_at: number;
  target_type: string;
  target_id: string;
}

function toRow(r: Record<string, unknown>): AuditRow {
  let detail: Record<string, unknown> = {};
  try {
    detail = JSON.parse(String(r.detail || '{}'));
  } catch {
    /* an unreadable detail is shown empty */
  }
  return {
    id: num(r.id),
    user_id: r.user_id === null || r.user_id === undefined ? null : num(r.user_id),
    action: String(r.action),
    detail,
    ip: String(r.ip ?? ''),
    created_at: num(r.created_at),
    target_type: String(r.target_type ?? ''),
    target_id: String(r.target_id ?? ''),
  };
}

/** Latest entries, newest first (optionally one member's). */
export async function listAudit(db: Db, opts: { userId?: number; limit?: number } = {}): Promise<AuditRow[]> {
  const limit = Math.min(Math.max(opts.limit ?? 50, 1), 500);
  const rows =
    opts.userId === undefined
      ? await db.sql`SELECT * FROM audit_log ORDER BY id DESC LIMIT ${limit}`
      : await db.sql`SELECT * FROM audit_log WHERE user_id = ${opts.userId} ORDER BY id DESC LIMIT ${limit}`;
  return rows.map(toRow);
}

export interface AuditFilter {
  /** Actor's member id. */
  actorId?: number | null;
  /** Exact action, or a prefix ending in '.' or '*' (`operator.member.`). */
  action?: string;
  targetType?: string;
  targetId?: string;
  /** Unix seconds, inclusive start / exclusive end. */
  from?: number;
  to?: number;
  page: number;
  limit: number;
}

/** One page of audit entries matching the filter, newest first, with the total. */
export async function searchAudit(db: Db, f: AuditFilter): Promise<{ list: AuditRow[]; total: number }> {
  const sql = db.sql;
  const parts: SQL.Query<unknown>[] = [];
  if (f.actorId !== undefined && f.actorId !== null) parts.push(sql`user_id = ${f.actorId}`);
  if (f.action) {
    const prefix = f.action.endsWith('*') ? f.action.slice(0, -1) : f.action.endsWith('.') ? f.action : null;
    // A prefix is a range on the (action, created_at) index, not a LIKE with escaping rules.
    if (prefix !== null) parts.push(sql`action >= ${prefix} AND action < ${`${prefix}\uffff`}`);
    else parts.push(sql`action = ${f.action}`);
  }
  if (f.targetType) parts.push(sql`target_type = ${f.targetType}`);
  if (f.targetId) parts.push(sql`target_id = ${f.targetId}`);
  if (f.from !== undefined) parts.push(sql`created_at >= ${f.from}`);
  if (f.to !== undefined) parts.push(sql`created_at < ${f.to}`);
  let where = sql`1 = 1`;
  for (const p of parts) where = sql`${where} AND ${p}`;
  const [agg] = await sql`SELECT COUNT(*) AS n FROM audit_log WHERE ${where}`;
  const total = num(agg.n);
  if (!total) return { list: [], total };
  const rows = await sql`SELECT * FROM audit_log WHERE ${where} ORDER BY created_at DESC, id DESC
    LIMIT ${f.limit} OFFSET ${(f.page - 1) * f.limit}`;
  return { list: rows.map(toRow), total };
}
