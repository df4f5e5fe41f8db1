/** A policy's insured list on a date, read from the endorsement area's roster. */
import { ordersPort } from '../roster';
import { rosterPage } from '../views';
import type { Db } from '~/server/db/client';
import type { EndorseText } from '../texts';
import { DataTable } from '~/ui/data-table';
import './endorse.css';

/** The policy's insured list on a date (GET form), with each row's active period. */
export async function RosterView({
  db,
  userId,
  orderId,
  asOf,
  text,
  children,
}: {
  db: Db;
  userId: number;
  orderId: number;
  asOf: string;
  text: EndorseText;
  /** The as-of date form, shown in the section's head. */
  children?: React.ReactNode;
}) {
  const r = await rosterPage(db, ordersPort, userId, { order_id: orderId, as_of: asOf, keyword: '', page: 1, limit: 100 }, asOf);
  return (
    <section className="card endorse-roster-card" aria-labelledby="ed-roster">
      <div className="endorse-roster-head">
        <h2 id="ed-roster">
          {text.roster.title} · {r.as_of} ({r.total})
        </h2>
        {children}
      </div>
      <DataTable
        className="endorse-roster-table"
        columns={[
          { head: text.add.name, cellClass: 'er-name', cell: (p) => <span translate="no">{p.name}</span> },
          { head: text.add.idNo, cellClass: 'nowrap er-id', cell: (p) => p.id_no_masked },
          { head: text.add.cls, label: text.add.cls, cellClass: 'er-class', cell: (p) => p.class },
          { head: text.roster.activeFrom, label: text.roster.activeFrom, cellClass: 'nowrap er-from', cell: (p) => p.active_from },
          { head: text.roster.activeTo, label: text.roster.activeTo, cellClass: 'nowrap er-to', cell: (p) => p.active_to },
        ]}
        rows={r.list}
        rowKey={(p) => p.id}
        rowAttrs={(p) => ({ 'data-insured': p.name })}
      />
    </section>
  );
}
