import type { Context } from 'hono';
import { nowSeconds } from '~/server/db/client';
import { Codes, type DomainError } from '~/server/errors';
import type { ApiEnv } from '~/server/http/api-env';
import type { Locale } from '~/lib/types';
import { apiMessage } from './messages';

/** `{code, message, data, time}` (DESIGN.md §3). */
export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T;
  time: number;
}

/** A success envelope (code 200001), message translated when a key is given. */
export function ok<T>(c: Context<ApiEnv>, data: T, messageKey?: string) {
  const body: Envelope<T> = {
    code: Codes.SUCCESS,
    message: messageKey ? apiMessage(c.get('locale') ?? 'zh-cn', messageKey) : '',
    data,
    time: nowSeconds(),
  };
  return c.json(body, 200);
}

/** The envelope of a domain error: translated message, `data.field` and per-field `data.errors`. */
export function errorEnvelope(locale: Locale, err: DomainError): Envelope {
  const data = err.errors
    ? { field: err.field, errors: Object.fromEntries(Object.entries(err.errors).map(([f, k]) => [f, apiMessage(locale, k, err.params)])) }
    : err.field
      ? { field: err.field }
      : null;
  return { code: err.code, message: apiMessage(locale, err.key, err.params), data, time: nowSeconds() };
}

/** An envelope for a status without a domain error (404 route, 500), message by key. */
export function plainEnvelope(
  locale: Locale,
  code: number,
  key: string,
  params?: Record<string, string | number>,
  data: unknown = null,
): Envelope {
  return { code, message: apiMessage(locale, key, params), data, time: nowSeconds() };
}
