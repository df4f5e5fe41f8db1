import { Codes, DomainError, type DomainErrorInit } from '~/server/errors';

/**
 * A DomainError that also puts fields into the envelope's `data` (`{status}` of a seal that cannot
 * be used, `{pages, max}` of a PDF that is too long). A `status` param is translated by the router.
 */
export class SealError extends DomainError {
  readonly data?: Record<string, unknown>;
  constructor(key: string, init: DomainErrorInit & { data?: Record<string, unknown> } = {}) {
    super(key, init);
    this.data = init.data;
  }
}

export const notFound = () => new DomainError('notFoundRecord', { status: 404, code: Codes.NOT_FOUND });
export const conflict = (key: string, data?: Record<string, unknown>) =>
  new SealError(key, { status: 409, code: Codes.CONFLICT, params: data as Record<string, string> | undefined, data });
export const badInput = (key: string, field?: string, params?: Record<string, string | number>, data?: Record<string, unknown>) =>
  new SealError(key, { status: 400, code: Codes.VALIDATION, field, params, data });
