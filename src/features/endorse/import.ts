/**
 * Import people to add from an uploaded CSV or XLSX (the orders area's reader and template: name,
 * ID number, occupation class; an optional header row). All rows or none: the first bad row
 * answers 400 with `data.rows` listing every bad row with the file's own row number.
 */
import type { Db } from '~/server/db/client';
import { readSheet, type SheetRow } from '~/features/orders';
import { parseResidentId } from '~/lib/cn-id';
import { Codes, DomainError } from '~/server/errors';
import { DataError, invalid } from './errors';
import { addItems } from './items';
import type { EndorseContext, Endorsement } from './model';

const MAX_ROWS = 2000;

export interface ImportProblem {
  row: number;
  field: 'name' | 'id_no' | 'occupation_class';
  key: string;
}

/** Check the rows' own shape (the roster checks run per item as they are added). */
export function checkSheetRows(rows: SheetRow[]): {
  people: { row: number; name: string; id_no: string; occupation_class: number }[];
  problems: ImportProblem[];
} {
  const people: { row: number; name: string; id_no: string; occupation_class: number }[] = [];
  const problems: ImportProblem[] = [];
  rows.forEach(({ row, cells }, i) => {
    const [name = '', idNo = '', cls = ''] = cells.map((c) => c.trim());
    if (!name && !idNo && !cls) return;
    if (i === 0 && !parseResidentId(idNo) && /[a-z]|姓名|身份/i.test(`${name}${idNo}`)) return; // a header row
    const before = problems.length;
    if (name.length < 2 || name.length > 30) problems.push({ row, field: 'name', key: 'endorse.nameInvalid' });
    if (!parseResidentId(idNo)) problems.push({ row, field: 'id_no', key: 'endorse.idNoInvalid' });
    const c = Number(cls);
    if (!Number.isInteger(c) || c < 1 || c > 6) problems.push({ row, field: 'occupation_class', key: 'endorse.classInvalid' });
    if (problems.length === before) people.push({ row, name, id_no: idNo.toUpperCase(), occupation_class: c });
  });
  return { people, problems };
}

/** Add every row of the file as an `add` item, or none. */
export async function importRows(
  db: Db,
  userId: number,
  id: number,
  bytes: Uint8Array,
  ctx: EndorseContext,
  fileName = '',
): Promise<{ endorsement: Endorsement; added: number }> {
  const sheet = readSheet(bytes, fileName);
  if (!sheet) throw invalid('file_id', 'endorse.importUnreadable');
  const { people, problems } = checkSheetRows(sheet.slice(0, MAX_ROWS + 1));
  if (problems.length) {
    throw new DataError(
      'endorse.importErrors',
      { status: 400, code: Codes.VALIDATION, field: 'file_id', params: { count: new Set(problems.map((p) => p.row)).size } },
      { rows: problems },
    );
  }
  if (!people.length) throw invalid('file_id', 'endorse.importEmpty');
  const inputs = people.map((p) => ({ id, kind: 'add' as const, name: p.name, id_no: p.id_no, occupation_class: p.occupation_class }));
  const r = await addItems(db, userId, id, inputs, ctx, (index, err) => {
    const e = err as { key?: unknown; field?: string; params?: Record<string, string | number> };
    if (!(err instanceof DomainError) || e.key === undefined) return err;
    if (err.status !== 400) return err;
    const field = (e.field === 'occupation_class' || e.field === 'name' ? e.field : 'id_no') as ImportProblem['field'];
    return new DataError(
      err.key,
      { status: 400, code: Codes.VALIDATION, field: 'file_id', params: err.params },
      { rows: [{ row: people[index].row, field, key: err.key }] },
    );
  });
  return { endorsement: r.endorsement, added: r.items.length };
}
