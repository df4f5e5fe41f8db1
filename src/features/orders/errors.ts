/**
 * Order errors that carry more than a field: per-row problems of an insured list, the balance a
 * payment needs, the current status of a refused transition. The router adds `data` to the
 * envelope (row messages translated there).
 */
import { Codes, DomainError, type DomainErrorInit } from '~/server/errors';

/** One problem of one insured row: the row number (1-based: list index, or the file's own row), the field, a message key. */
export interface RowProblem {
  row: number;
  field: 'name' | 'id_no' | 'class';
  key: string;
  params?: Record<string, string | number>;
}

/** A DomainError with extra envelope data (`data` merged into the envelope's data). */
export class OrderDataError extends DomainError {
  readonly data: Record<string, unknown>;
  readonly rows?: RowProblem[];
  constructor(key: string, init: DomainErrorInit & { data?: Record<string, unknown>; rows?: RowProblem[] }) {
    super(key, init);
    this.data = init.data ?? {};
    this.rows = init.rows;
  }
}

/** 400: these insured rows are wrong; nothing was saved. */
export const rowsError = (rows: RowProblem[]) =>
  new OrderDataError('order.rowsInvalid', { status: 400, code: Codes.VALIDATION, field: 'insured', params: { n: rows.length }, rows });

/** 409: the order is not in a state this action accepts; `data.status` says which it is in. */
export const wrongState = (status: string) =>
  new OrderDataError('order.wrongState', { status: 409, code: Codes.CONFLICT, field: 'status', params: { status }, data: { status } });

/** 400 field `balance`: `{required, available}` in yuan. */
export const shortBalance = (required: string, available: string) =>
  new OrderDataError('order.insufficientBalance', {
    status: 400,
    code: Codes.VALIDATION,
    field: 'balance',
    params: { required, available },
    data: { required, available },
  });

/** 404 for a missing order or another member's order (no hint which). */
export const orderNotFound = () => new DomainError('notFoundRecord', { status: 404, code: Codes.NOT_FOUND });

/** 400 naming one field. */
export const fieldError = (field: string, key: string, params?: Record<string, string | number>) =>
  new DomainError(key, { status: 400, code: Codes.VALIDATION, field, params, errors: { [field]: key } });
