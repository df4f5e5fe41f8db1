/**
 * The price table's frame, shared by the editable grid (an island) and the read-only table (server
 * rendered): one row per plan grouped by product, one column per occupation class; each cell is the
 * caller's. No 'use client': a server page passes it a cell function.
 */
import type { ReactNode } from 'react';
import { interpolate as fill } from '~/lib/interpolate';
import type { ProductTexts } from '../texts';

export interface GridPlan {
  id: number;
  /** The plan's name in the page's language (data). */
  name: string;
  /** Classes the product can be priced for (anze: 1–3). */
  classes: number[];
  /** Class → yuan string ('' when not offered). */
  annual: Record<string, string>;
}

export interface GridProduct {
  code: string;
  name: string;
  plans: GridPlan[];
}

/** The occupation classes, one column each. */
export const COLUMNS = [1, 2, 3, 4, 5, 6];

export function PriceTableFrame({
  products,
  g,
  rowClass,
  cell,
}: {
  products: GridProduct[];
  g: ProductTexts['grid'];
  /** A plan row's class name. */
  rowClass?: (pl: GridPlan) => string | undefined;
  /** The `<td>` of a plan in a class. */
  cell: (p: GridProduct, pl: GridPlan, c: number) => ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take keyboard focus to scroll (axe scrollable-region-focusable)
    <section className="pg-scroll" aria-labelledby="pg-caption" tabIndex={0}>
      <table className="pg-table">
        <caption id="pg-caption" className="sr-only">
          {g.region}
        </caption>
        <thead>
          <tr>
            <th scope="col" className="pg-plan">
              {g.plan}
            </th>
            {COLUMNS.map((c) => (
              <th scope="col" key={c} className="num">
                {fill(g.classN, { n: c })}
              </th>
            ))}
          </tr>
        </thead>
        {products.map((p) => (
          <tbody key={p.code} data-product={p.code}>
            <tr className="pg-product">
              <th scope="colgroup" colSpan={COLUMNS.length + 1}>
                {p.name}
              </th>
            </tr>
            {p.plans.map((pl) => (
              <tr key={pl.id} data-plan={pl.id} className={rowClass?.(pl)}>
                <th scope="row" className="pg-plan" translate="no">
                  {pl.name}
                </th>
                {COLUMNS.map((c) => cell(p, pl, c))}
              </tr>
            ))}
          </tbody>
        ))}
      </table>
    </section>
  );
}
