/**
 * The one data table (decision 0014): `<div class="table-scroll"><table class="data-table …">` with a
 * head row, one row per record and an optional footer. On a phone (the shared `.data-table` rules in
 * `src/styles/components.css`) each row becomes a card; a column with a `label` prints it before its value
 * there (`data-label`). An area adds a grid for its rows in its own stylesheet when the default stack
 * does not suit (claims, endorsements).
 */
import type { ReactNode } from 'react';

export interface Column<R> {
  /** The column heading (a `<th scope="col">`). */
  head: ReactNode;
  /** The cell's label on a phone card (`data-label`); none: the value stands alone. */
  label?: string;
  /** Classes of the heading cell (`num` for amounts). */
  headClass?: string;
  /** Classes of each value cell, or a function of the row. */
  cellClass?: string | ((row: R) => string);
  cell: (row: R, index: number) => ReactNode;
  /** The cell names its row: a `<th scope="row">` instead of a `<td>`. */
  rowHeader?: boolean;
}

export interface DataTableProps<R> {
  /** Classes after `data-table` (the area's table name, e.g. `claim-table`). */
  className?: string;
  columns: readonly Column<R>[];
  rows: readonly R[];
  rowKey: (row: R, index: number) => string | number;
  /** Attributes of a row (`data-*` hooks for tests and styles). */
  rowAttrs?: (row: R, index: number) => Record<string, string | number | undefined>;
  /** Footer rows (`<tfoot>` content). */
  foot?: ReactNode;
  /** The scrolling wrapper's class (default `table-scroll`; an area with its own scroller names it). */
  scrollClass?: string;
  /** The table's name for screen readers (a `<caption class="sr-only">`), when no heading names it. */
  caption?: ReactNode;
}

export function DataTable<R>({
  className,
  columns,
  rows,
  rowKey,
  rowAttrs,
  foot,
  scrollClass = 'table-scroll',
  caption,
}: DataTableProps<R>) {
  return (
    <div className={scrollClass}>
      <table className={className ? `data-table ${className}` : 'data-table'}>
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        <thead>
          <tr>
            {columns.map((c, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: columns are a fixed list
              <th key={i} scope="col" className={c.headClass}>
                {c.head}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={rowKey(r, i)} {...rowAttrs?.(r, i)}>
              {columns.map((c, j) => {
                const Cell = c.rowHeader ? 'th' : 'td';
                return (
                  <Cell
                    // biome-ignore lint/suspicious/noArrayIndexKey: columns are a fixed list
                    key={j}
                    scope={c.rowHeader ? 'row' : undefined}
                    className={typeof c.cellClass === 'function' ? c.cellClass(r) : c.cellClass}
                    data-label={c.label}
                  >
                    {c.cell(r, i)}
                  </Cell>
                );
              })}
            </tr>
          ))}
        </tbody>
        {foot ? <tfoot>{foot}</tfoot> : null}
      </table>
    </div>
  );
}
