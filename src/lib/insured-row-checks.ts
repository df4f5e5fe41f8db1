/**
 * The order form's quick checks on insured rows, made before anything is sent, and the API's row
 * errors grouped by row. Isomorphic; the API checks every row again, with more (the plan's age
 * window and classes: src/features/orders/insured.ts).
 */
import { parseResidentId } from './cn-id';

/** The texts the row messages are made of. */
export interface RowCheckText {
  name: string;
  idNo: string;
  rowNo: string;
  required: string;
  idInvalid: string;
}

/** Each row with its problems: name present, ID number valid, no ID twice (the first row that has it is named). */
export function quickCheckRows<R extends { name: string; id_no: string }>(
  rows: readonly R[],
  t: RowCheckText,
): (R & { errors: string[] })[] {
  const seen = new Map<string, number>();
  return rows.map((r, i) => {
    const errors: string[] = [];
    if (!r.name.trim()) errors.push(`${t.name}: ${t.required}`);
    const id = parseResidentId(r.id_no);
    if (!id) errors.push(t.idInvalid);
    else if (seen.has(id.id)) errors.push(`${t.idNo} = ${t.rowNo} ${seen.get(id.id)}`);
    else seen.set(id.id, i + 1);
    return { ...r, errors };
  });
}

/** The API's row errors (one entry per problem) as messages by row number. */
export function errorsByRow(errors: readonly { row: number; message: string }[]): Map<number, string[]> {
  const byRow = new Map<number, string[]>();
  for (const e of errors) byRow.set(e.row, [...(byRow.get(e.row) ?? []), e.message]);
  return byRow;
}
