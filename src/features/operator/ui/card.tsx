/**
 * The console's cards and tables: a section named by its heading, and a list in the kit's DataTable
 * (`data-table op-table`) or the empty line in its place. Every console list and panel is one.
 */
import type { ReactNode } from 'react';
import { type Column, DataTable } from '~/ui/data-table';

/**
 * A card section labelled by its `<h2 id>`. With `actions` (or `headRow`) the heading sits in a
 * `card-head` row beside them; otherwise it is the card's plain `card-title`.
 */
export function ConsoleCard({
  id,
  title,
  actions,
  headRow = actions !== undefined,
  className = 'card',
  children,
}: {
  id: string;
  title: ReactNode;
  actions?: ReactNode;
  headRow?: boolean;
  /** The section's classes (default `card`). */
  className?: string;
  children?: ReactNode;
}) {
  return (
    <section className={className} aria-labelledby={id}>
      {headRow ? (
        <div className="card-head">
          <h2 id={id}>{title}</h2>
          {actions}
        </div>
      ) : (
        <h2 id={id} className="card-title">
          {title}
        </h2>
      )}
      {children}
    </section>
  );
}

/** A console column: its heading is also the cell's label on a phone card. */
export interface ConsoleColumn<R> {
  head: string;
  cell: (row: R) => ReactNode;
  /** Classes of the value cells (`nowrap`…); a `num` column's default is `num nowrap`. */
  cellClass?: string;
  /** A number: right-aligned heading and cells. */
  num?: boolean;
}

const kitColumn = <R,>({ head, cell, cellClass, num }: ConsoleColumn<R>): Column<R> => ({
  head,
  label: head,
  cell,
  headClass: num ? 'num' : undefined,
  cellClass: cellClass ?? (num ? 'num nowrap' : undefined),
});

/** A console list: the kit's table with the console's class, or `empty` when there are no rows. */
export function ConsoleTable<R>({
  rows,
  empty,
  className,
  columns,
  rowKey,
  rowAttrs,
}: {
  rows: readonly R[];
  /** Shown instead of the table when there are no rows (none: an empty table). */
  empty?: string;
  /** Classes after `op-table`. */
  className?: string;
  /** Typed by the rows. */
  columns: readonly ConsoleColumn<NoInfer<R>>[];
  rowKey: (row: NoInfer<R>) => string | number;
  rowAttrs?: (row: NoInfer<R>) => Record<string, string | number | undefined>;
}) {
  if (empty !== undefined && rows.length === 0) return <p className="op-empty">{empty}</p>;
  return (
    <DataTable
      className={className ? `op-table ${className}` : 'op-table'}
      rows={rows}
      columns={columns.map(kitColumn)}
      rowKey={rowKey}
      rowAttrs={rowAttrs}
    />
  );
}
