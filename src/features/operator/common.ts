/** Shared pieces of the operator services: who acts, the errors they raise, the lock-out guard. */
import type { SQL } from 'bun';
import { num } from '~/server/db/client';
import { Codes, DomainError } from '~/server/errors';

/** The operator doing a change (audit actor) and the request's address. */
export interface Actor {
  userId: number;
  ip: string;
}

/**
 * A domain error that carries extra envelope data (`{available}`, `{used_by}`), merged into
 * `data` by the operator router.
 */
export class OperatorError extends DomainError {
  readonly extra: Record<string, unknown>;
  constructor(key: string, init: ConstructorParameters<typeof DomainError>[1] & { extra?: Record<string, unknown> }) {
    super(key, init);
    this.extra = init?.extra ?? {};
  }
}

export const notFound = () => new DomainError('notFoundRecord', { status: 404, code: Codes.NOT_FOUND });
export const conflict = (key: string, extra?: Record<string, unknown>) =>
  new OperatorError(key, { status: 409, code: Codes.CONFLICT, extra });
/** 400 naming one field (data.field and data.errors). */
export const invalid = (field: string, key: string, extra?: Record<string, unknown>) =>
  new OperatorError(key, { status: 400, code: Codes.VALIDATION, field, errors: { [field]: key }, extra });

/** The rules an operator needs to repair the console itself: never deleted or disabled, never left unreachable. */
export const CONSOLE_RULES = [
  'operator',
  'operator/settings',
  'operator/settings/edit',
  'operator/rules',
  'operator/rules/edit',
  'operator/groups',
  'operator/groups/edit',
] as const;

export const isConsoleRule = (name: string) => (CONSOLE_RULES as readonly string[]).includes(name);

/** Ids in a group's rule spec ('*' has none: it never grants operator rules). */
export function specIds(spec: string): number[] {
  const s = spec.trim();
  if (s === '*' || !s) return [];
  return s
    .split(',')
    .map((x) => Number(x.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
}

/**
 * Lock-out guard, run inside a change's transaction after the change: at least one enabled member
 * of an enabled group must still hold every console rule (enabled). Otherwise 409 and the
 * transaction rolls back, so nobody can lock the operators out of settings, rules and groups.
 */
export async function assertConsoleReachable(tx: SQL): Promise<void> {
  const rules = await tx`SELECT id, name, status FROM user_rule WHERE name IN ${tx([...CONSOLE_RULES])}`;
  if (rules.length !== CONSOLE_RULES.length || rules.some((r: { status: unknown }) => num(r.status) !== 1)) {
    throw conflict('operator.lockout.rules');
  }
  const needed = rules.map((r: { id: unknown }) => num(r.id));
  const groups = await tx`SELECT id, rules FROM user_group WHERE status = 1`;
  const holding = groups
    .filter((g: { rules: unknown }) => {
      const ids = new Set(specIds(String(g.rules ?? '')));
      return needed.every((id: number) => ids.has(id));
    })
    .map((g: { id: unknown }) => num(g.id));
  if (holding.length) {
    const [row] = await tx`SELECT COUNT(*) AS n FROM "user" WHERE status = 'enable' AND group_id IN ${tx(holding)}`;
    if (num(row.n) > 0) return;
  }
  throw conflict('operator.lockout.last');
}
