/**
 * POST /order/importInsured: an uploaded CSV or XLSX of insured people checked row by row, with the
 * file's own row numbers. With the form's plan, class and start date the rows are checked exactly
 * as the order will check them (age window, classes); without, the ID numbers and names only.
 */
import { assertFileKind, findOwnFile, getStorage, readFileBytes } from '~/features/upload';
import { findPlan, type PlanSnapshot } from '~/features/products';
import { maskResidentId } from '~/lib/cn-id';
import type { Db } from '~/server/db/client';
import { fieldError } from './errors';
import { checkInsuredRows } from './insured';
import { MAX_INSURED_ROWS } from './schemas';
import { decodeText, parseCsv, parseXlsx, type SheetRow, sheetToInsured } from './sheet';

/** A plan that accepts anyone (when the form has not chosen one yet): only IDs and names are checked. */
const ANY_PLAN: PlanSnapshot = {
  id: 0,
  product: 'guzhu',
  name: '',
  name_en: '',
  named_list: true,
  limits: [],
  classes: [1, 2, 3, 4, 5, 6],
  annual: { 1: 1, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1 },
  min_insured: 1,
  max_insured: MAX_INSURED_ROWS,
  age_min: 0,
  age_max: 150,
};

export interface ImportOptions {
  plan_id?: number;
  class?: number;
  start_date?: string;
}

export interface ImportResult {
  rows: { row: number; name: string; id_no: string; id_no_masked: string; gender: number; birthday: string; class: number }[];
  errors: { row: number; field: string; key: string; params?: Record<string, string | number> }[];
  /** Every data row as read (good and bad, file order), so a form can show the bad ones to fix. */
  entries: { row: number; name: string; id_no: string; class: number | null }[];
  total: number;
}

/** Rows of a file's bytes by its name/kind: XLSX (a zip) or CSV text. */
export function readSheet(bytes: Uint8Array, name: string): SheetRow[] | null {
  const isZip = bytes[0] === 0x50 && bytes[1] === 0x4b;
  if (isZip || /\.xlsx$/i.test(name)) return parseXlsx(bytes);
  return parseCsv(decodeText(bytes));
}

/** Check a sheet's rows against a plan (or only the IDs), keeping the file's row numbers. */
export function checkSheet(sheet: SheetRow[], plan: PlanSnapshot, o: { classDefault: number; onDate: string }): ImportResult {
  const { rows, rowNumbers } = sheetToInsured(sheet);
  if (rows.length > MAX_INSURED_ROWS) throw fieldError('file_id', 'order.tooManyRows', { max: MAX_INSURED_ROWS });
  const checked = checkInsuredRows(plan, rows, { onDate: o.onDate, defaultClass: o.classDefault, rowNumber: (i) => rowNumbers[i] });
  const bad = new Set(checked.problems.map((p) => p.row));
  const good = rowNumbers.filter((n) => !bad.has(n));
  return {
    rows: checked.rows.map((r, i) => ({
      row: good[i],
      name: r.name,
      id_no: r.id_no,
      id_no_masked: maskResidentId(r.id_no),
      gender: r.gender,
      birthday: r.birthday,
      class: r.class,
    })),
    errors: checked.problems.map((p) => ({ row: p.row, field: p.field, key: p.key, params: p.params })),
    entries: rows.map((r, i) => ({
      row: rowNumbers[i],
      name: String(r.name ?? ''),
      id_no: String(r.id_no ?? ''),
      class: r.class === null || Number.isNaN(Number(r.class)) ? null : Number(r.class),
    })),
    total: rows.length,
  };
}

/**
 * A member's uploaded spreadsheet, read: missing, someone else's, unreadable or not a sheet is a
 * 400 on `field` (the request's file id field), so another member's file looks like a missing one.
 */
async function readOwnSheet(db: Db, userId: number, fileId: number, field: string) {
  const file = await findOwnFile(db, userId, fileId);
  if (!file) throw fieldError(field, 'order.fileInvalid');
  const bytes = await readFileBytes(getStorage(), file);
  if (!bytes) throw fieldError(field, 'order.fileInvalid');
  assertFileKind(bytes, ['sheet'], field);
  const sheet = readSheet(bytes, file.name);
  if (!sheet) throw fieldError(field, 'order.fileUnreadable');
  return sheet;
}

/** The insured rows of a member's uploaded file with their file row numbers (for POST /order/create). */
export async function rowsFromFile(
  db: Db,
  userId: number,
  fileId: number,
): Promise<{ rows: ReturnType<typeof sheetToInsured>['rows']; rowNumbers: number[] }> {
  const sheet = await readOwnSheet(db, userId, fileId, 'insured_file_id');
  const out = sheetToInsured(sheet);
  if (out.rows.length > MAX_INSURED_ROWS) throw fieldError('insured_file_id', 'order.tooManyRows', { max: MAX_INSURED_ROWS });
  return out;
}

/** Read and check a member's uploaded file (another member's file: 404 as if missing). */
export async function importInsured(db: Db, userId: number, fileId: number, o: ImportOptions, today: string): Promise<ImportResult> {
  const sheet = await readOwnSheet(db, userId, fileId, 'file_id');
  const plan = o.plan_id ? await findPlan(db, o.plan_id) : null;
  return checkSheet(sheet, plan ?? ANY_PLAN, { classDefault: o.class ?? plan?.classes[0] ?? 1, onDate: o.start_date || today });
}
