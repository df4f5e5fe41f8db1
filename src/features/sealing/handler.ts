/** How sealing handlers answer: a {@link SealError} as its envelope, and PNG images. */
import type { Context } from 'hono';
import { apiMessage } from '~/features/_shared/messages';
import { DomainError } from '~/server/errors';
import type { ApiEnv } from '~/server/http/api-env';
import { errorEnvelope } from '../_shared/envelope';
import { SealError } from './errors';

type Handler = (c: Context<ApiEnv>) => Promise<Response>;

/**
 * Runs a handler; a {@link SealError} becomes its envelope with its `data` fields (`{status}`,
 * `{pages, max}`) and a seal status translated into the request's language.
 */
export function h(fn: Handler): Handler {
  return async (c) => {
    try {
      return await fn(c);
    } catch (err) {
      if (!(err instanceof SealError)) throw err;
      const locale = c.get('locale') ?? 'zh-cn';
      const params = err.params?.status ? { ...err.params, status: apiMessage(locale, `sealing.status.${err.params.status}`) } : err.params;
      const translated = new DomainError(err.key, { status: err.status, code: err.code, field: err.field, errors: err.errors, params });
      const body = errorEnvelope(locale, translated);
      if (err.data) body.data = { ...((body.data as Record<string, unknown>) ?? {}), ...err.data };
      return c.json(body, err.status as 400);
    }
  };
}

/** A PNG answer: private, not stored, never sniffed; `headers` add to or replace those. */
export const png = (bytes: Uint8Array, headers: Record<string, string> = {}) =>
  new Response(bytes as Uint8Array<ArrayBuffer>, {
    headers: { 'content-type': 'image/png', 'cache-control': 'private, no-store', 'x-content-type-options': 'nosniff', ...headers },
  });
