/**
 * What the team list and the transfer history share: the GET filter form (the area's fields, page
 * size, Filter / Reset), the notice for invalid filters, and the card with its heading, totals,
 * the table or the empty state, and the kit's pager. The URL holds the state (no JavaScript needed).
 */
import type { ReactNode } from 'react';
import { FilterForm } from '~/ui/filter-form';
import { Pager } from '~/ui/pager';
import { TEAM_PAGE_SIZES } from '../schemas';
import { countText } from '~/lib/texts';
import type { Locale } from '~/lib/types';

interface ListTexts {
  filters: string;
  perPage: string;
  apply: string;
  reset: string;
  badFilters: string;
  count: string;
  count_one: string;
  empty: string;
  pastEnd: string;
}

export interface TeamListFrameProps {
  locale: Locale;
  tx: ListTexts;
  /** The page's path (the form's action and the pager's links). */
  path: string;
  /** Prefix of the filter fields' ids (`tm`, `ta`) and the id of the card's heading. */
  idPrefix: string;
  headingId: string;
  /** The query's page and page size, and the pager's link to a page. */
  page: number;
  limit: number;
  href: (page: number) => string;
  /** The filters parsed (false: the defaults are shown, with a notice). */
  ok: boolean;
  /** The area's filter fields, before the page size. */
  fields: ReactNode;
  heading: string;
  /** Totals after the count, and an action at the right of the heading. */
  totals?: ReactNode;
  action?: ReactNode;
  total: number;
  /** Rows on this page (none: the empty state). */
  shown: number;
  table: ReactNode;
}

export function TeamListFrame(p: TeamListFrameProps) {
  const { tx, path, idPrefix: id } = p;
  return (
    <>
      <FilterForm
        action={path}
        label={tx.filters}
        className="team-filters"
        actionsClass="team-filter-actions"
        apply={tx.apply}
        reset={tx.reset}
        perPage={{ id: `${id}-limit`, label: tx.perPage, value: p.limit, sizes: TEAM_PAGE_SIZES }}
        invalid={p.ok ? undefined : tx.badFilters}
      >
        {p.fields}
      </FilterForm>
      <section className="card" aria-labelledby={p.headingId}>
        <div className="card-head team-head">
          <h2 id={p.headingId}>{p.heading}</h2>
          <p className="team-totals">
            <span>{countText(tx, p.total)}</span>
            {p.totals}
          </p>
          {p.action}
        </div>
        {p.shown === 0 ? <p className="team-empty">{p.total === 0 ? tx.empty : tx.pastEnd}</p> : p.table}
        <Pager locale={p.locale} total={p.total} page={p.page} limit={p.limit} href={p.href} />
      </section>
    </>
  );
}
