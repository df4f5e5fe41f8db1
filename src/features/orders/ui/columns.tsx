/** Columns the order tables share (the member's lists, the underwriting queue). */
import type { Column } from '~/ui/data-table';

/** The policy period, `start ~ end`, of each row (`period` reads the row's two days). */
export function periodColumn<R>(head: string, cellClass: string, period: (row: R) => readonly [string, string]): Column<R> {
  return {
    head,
    cellClass,
    cell: (row) => {
      const [start, end] = period(row);
      return (
        <>
          {start} ~ {end}
        </>
      );
    },
  };
}
