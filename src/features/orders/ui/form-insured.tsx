/**
 * The order form's insured list: rows typed by hand, or imported from a CSV/XLSX file that the
 * server checks with the file's own row numbers (bad rows are kept in the table to fix). The rows
 * are the order form's state (order-form.tsx).
 */
import type { Dispatch, RefObject, SetStateAction } from 'react';
import { isApiError, request } from '~/lib/http';
import { errorsByRow } from '~/lib/insured-row-checks';
import { interpolate } from '~/lib/interpolate';
import type { Locale, UploadConfig } from '~/lib/types';
import type { OrderFormProps } from './order-form';
import type { OrderPlan } from './form-fields';
import { UploadField } from '~/features/upload/ui';

/** One insured person as the form edits it. */
export interface Row {
  key: number;
  name: string;
  id_no: string;
  class: number;
  /** The row's number in an imported file (shown so the member finds it there). */
  fileRow?: number;
  errors: string[];
}

/** The last imported file while its rows are untouched: long lists go by file id (the API takes 64 KB bodies). */
export interface ImportedFile {
  id: number;
  count: number;
  dirty: boolean;
}

let nextKey = 1;

/** An empty row with a key of its own. */
export const blankRow = (): Row => ({ key: nextKey++, name: '', id_no: '', class: 0, errors: [] });

/** The rows' table, Add row, the templates and the file import. */
export function InsuredRows({
  plan,
  cls,
  start,
  rows,
  setRows,
  imported,
  importState,
  setImportState,
  rowClass,
  locale,
  upload,
  f,
}: {
  plan: OrderPlan;
  cls: number;
  start: string;
  rows: Row[];
  setRows: Dispatch<SetStateAction<Row[]>>;
  imported: RefObject<ImportedFile | null>;
  /** What the last import came to (kept by the form while a plan without a list is chosen). */
  importState: string | null;
  setImportState: (state: string | null) => void;
  rowClass: (r: Row) => number;
  locale: Locale;
  upload: UploadConfig;
  f: OrderFormProps['o']['form'];
}) {
  const setRow = (key: number, patch: Partial<Row>) => {
    if (imported.current) imported.current.dirty = true;
    setRows((list) =>
      list.map((r) =>
        r.key === key
          ? { ...r, ...patch, errors: patch.errors ?? (patch.name !== undefined || patch.id_no !== undefined ? [] : r.errors) }
          : r,
      ),
    );
  };

  const onImported = async (file: { id: number }) => {
    setImportState(f.importing);
    try {
      const res = await request<{
        rows: unknown[];
        errors: { row: number; field: string; message: string }[];
        entries: { row: number; name: string; id_no: string; class: number | null }[];
        total: number;
      }>({
        url: '/userapi/v1/order/importInsured',
        method: 'POST',
        data: { file_id: file.id, plan_id: plan.id, class: cls, start_date: start },
        showErrorMessage: false,
        showCodeMessage: false,
        timeout: 60_000,
      });
      const { entries, errors, total } = res.data;
      const byRow = errorsByRow(errors);
      const kept = rows.filter((r) => r.name.trim() || r.id_no.trim());
      imported.current = { id: file.id, count: kept.length ? -1 : entries.length, dirty: false };
      setRows([
        ...kept,
        ...entries.map((e) => ({
          key: nextKey++,
          name: e.name,
          id_no: e.id_no,
          class: e.class ?? 0,
          fileRow: e.row,
          errors: byRow.get(e.row) ?? [],
        })),
      ]);
      const bad = new Set(errors.map((e) => e.row)).size;
      setImportState(bad ? interpolate(f.imported, { n: total, bad }) : interpolate(f.importedOk, { n: total }));
    } catch (err) {
      setImportState(isApiError(err) ? (err.envelope?.message ?? err.message) : String(err));
    }
  };

  return (
    <>
      <div className="table-scroll">
        <table className="order-rows">
          <thead>
            <tr>
              <th scope="col">{f.rowNo}</th>
              <th scope="col">{f.name}</th>
              <th scope="col">{f.idNo}</th>
              <th scope="col">{f.rowClass}</th>
              <th scope="col">
                <span className="sr-only">{f.removeRow}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={r.key} className={r.errors.length ? 'has-error' : undefined} data-row={i + 1}>
                <td className="order-row-no or-no">
                  {i + 1}
                  {r.fileRow ? <span className="order-sub">{interpolate(f.fileRow, { row: r.fileRow })}</span> : null}
                </td>
                <td className="or-name">
                  <input
                    aria-label={`${f.name} ${i + 1}`}
                    value={r.name}
                    maxLength={30}
                    onChange={(e) => setRow(r.key, { name: e.target.value })}
                  />
                </td>
                <td className="or-id">
                  <input
                    aria-label={`${f.idNo} ${i + 1}`}
                    value={r.id_no}
                    maxLength={18}
                    inputMode="text"
                    onChange={(e) => setRow(r.key, { id_no: e.target.value.toUpperCase() })}
                  />
                  {r.errors.map((e) => (
                    <span key={e} className="order-row-error" role="alert">
                      {e}
                    </span>
                  ))}
                </td>
                <td className="or-class">
                  <select
                    aria-label={`${f.rowClass} ${i + 1}`}
                    value={rowClass(r)}
                    onChange={(e) => setRow(r.key, { class: Number(e.target.value) })}
                  >
                    {plan.classes.map((c) => (
                      <option key={c} value={c}>
                        {c}
                      </option>
                    ))}
                  </select>
                </td>
                <td className="or-del">
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    onClick={() => {
                      if (imported.current) imported.current.dirty = true;
                      setRows(rows.filter((x) => x.key !== r.key));
                    }}
                  >
                    {f.removeRow}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="order-import">
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => setRows([...rows, blankRow()])}
          disabled={rows.length >= plan.max_insured}
        >
          {f.addRow}
        </button>
        <a className="btn btn-ghost btn-sm" href="/userapi/v1/order/insuredTemplate?format=xlsx" download>
          {f.template} (XLSX)
        </a>
        <a className="btn btn-ghost btn-sm" href="/userapi/v1/order/insuredTemplate?format=csv" download>
          {f.template} (CSV)
        </a>
      </div>
      <div className="order-import">
        <span className="order-sub">{f.importHint}</span>
        <UploadField
          lang={locale}
          name="insured_file"
          valueKind="id"
          topic="insured"
          rules={{ ...upload, allowedSuffixes: 'csv,xlsx', allowedMimeTypes: '' }}
          prompt={f.importPrompt}
          onUploaded={onImported}
        />
        {importState ? (
          <p className="order-sub" role="status" aria-live="polite">
            {importState}
          </p>
        ) : null}
      </div>
    </>
  );
}
