import type { ErrorHandler } from 'hono';
import { errorEnvelope } from '~/features/_shared/envelope';
import { apiMessage } from '~/features/_shared/messages';
import { Codes, DomainError, type DomainErrorInit } from '~/server/errors';
import type { ApiEnv } from '~/server/http/api-env';

/**
 * A domain error that carries extra envelope data (`data.open_id`, `data.required`…): the shared
 * envelope only knows `field` and `errors`, so the area's routers add the rest with {@link dataErrorHandler}.
 */
export class DataError extends DomainError {
  readonly data: Record<string, unknown>;
  constructor(key: string, init: DomainErrorInit, data: Record<string, unknown>) {
    super(key, init);
    this.data = data;
  }
}

/** 404 for a record that does not exist or belongs to someone the member may not see. */
export const notFound = () => new DomainError('notFoundRecord', { status: 404, code: Codes.NOT_FOUND });

/** 409 with a message key. */
export const conflict = (key: string, params?: Record<string, string | number>) =>
  new DomainError(key, { status: 409, code: Codes.CONFLICT, params });

/** 400 naming one field. */
export const invalid = (field: string, key: string, params?: Record<string, string | number>) =>
  new DomainError(key, { status: 400, code: Codes.VALIDATION, field, params, errors: params ? undefined : { [field]: key } });

/**
 * Router error handler: a {@link DataError} becomes its envelope with the extra data merged in;
 * anything else goes on to the API's own handler.
 */
export const dataErrorHandler: ErrorHandler<ApiEnv> = (err, c) => {
  if (!(err instanceof DataError)) throw err;
  const locale = c.get('locale') ?? 'zh-cn';
  const env = errorEnvelope(locale, err);
  const data: Record<string, unknown> = { ...((env.data as object | null) ?? {}), ...err.data };
  // Rule problems (the dry run's failed checks) are named in the request's language, in the message too.
  if (Array.isArray(data.rules)) {
    const rules = (data.rules as { code: string; severity: string; params: Record<string, string | number> }[]).map((r) => ({
      ...r,
      message: apiMessage(locale, `endorse.rule.${r.code}`, r.params),
    }));
    data.rules = rules;
    env.message = apiMessage(locale, err.key, { rules: rules.map((r) => r.message).join('; ') });
  }
  // Row problems carry message keys; the client gets them translated.
  if (Array.isArray(data.rows)) {
    data.rows = (data.rows as { row: number; field: string; key: string }[]).map(({ key, ...rest }) => ({
      ...rest,
      message: apiMessage(locale, key),
    }));
  }
  return c.json({ ...env, message: env.message, data }, err.status as 400);
};

/** Whether a database error is a unique-constraint violation (SQLite or PostgreSQL). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: unknown; errno?: unknown; message?: unknown };
  const msg = String(e?.message ?? '');
  return (
    e?.code === '23505' || /UNIQUE constraint failed|duplicate key value/i.test(msg) || String(e?.code ?? '').includes('CONSTRAINT_UNIQUE')
  );
}
