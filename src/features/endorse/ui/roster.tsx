/** A policy's insured list on a date, read from the endorsement area's roster. */
import { ordersPort } from '../roster';
import { rosterPage } from '../views';
import type { Db } from '~/server/db/client';
import type { EndorseText } from '../texts';
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
      <div className="table-scroll">
        <table className="data-table endorse-roster-table">
          <thead>
            <tr>
              <th scope="col">{text.add.name}</th>
              <th scope="col">{text.add.idNo}</th>
              <th scope="col">{text.add.cls}</th>
              <th scope="col">{text.roster.activeFrom}</th>
              <th scope="col">{text.roster.activeTo}</th>
            </tr>
          </thead>
          <tbody>
            {r.list.map((p) => (
              <tr key={p.id} data-insured={p.name}>
                <td className="er-name">{p.name}</td>
                <td className="nowrap er-id">{p.id_no_masked}</td>
                <td className="er-class" data-label={text.add.cls}>
                  {p.class}
                </td>
                <td className="nowrap er-from" data-label={text.roster.activeFrom}>
                  {p.active_from}
                </td>
                <td className="nowrap er-to" data-label={text.roster.activeTo}>
                  {p.active_to}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
