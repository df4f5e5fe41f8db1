/**
 * The console lists' filter form (members, audit): the kit's FilterForm with the console's
 * classes, texts, page sizes and the invalid-filters notice, around the list's own fields.
 */
import type { ReactNode } from 'react';
import { FilterForm } from '~/ui/filter-form';
import { PAGE_SIZES } from '../schemas';
import type { OperatorText } from '../texts';

export function ConsoleFilters(p: { tx: OperatorText; path: string; idPrefix: string; limit: number; ok: boolean; children: ReactNode }) {
  const { tx } = p;
  return (
    <FilterForm
      action={p.path}
      label={tx.filters}
      className="op-filters"
      actionsClass="op-filter-actions"
      apply={tx.apply}
      reset={tx.reset}
      perPage={{ id: `${p.idPrefix}-limit`, label: tx.perPage, value: p.limit, sizes: PAGE_SIZES }}
      invalid={p.ok ? undefined : tx.badFilters}
    >
      {p.children}
    </FilterForm>
  );
}
