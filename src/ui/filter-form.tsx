/**
 * A list's filter form (decision 0014): a GET form to the list's own path (the URL holds the
 * filters, no JavaScript needed) with the area's fields, an optional page-size select, Filter and
 * an optional Reset link back to the bare path. Its look is `.list-filters` / `.list-filter-actions`
 * (src/styles/components.css); the area's classes set its grid (`--filter-columns`). On a phone it
 * folds behind a Filter button with the set filters as chips (FilterFold).
 */
import type { ReactNode } from 'react';
import { DateField } from './date-field';
import { FilterFold } from './filter-fold';
import { Notice } from './notice';
import { pageContext } from './page-context';
import { uiText } from './texts';
import type { Locale } from '~/lib/types';

export interface FilterFormProps {
  /** The list's path: the form's action and the Reset link. */
  action: string;
  /** The form's accessible name. */
  label: string;
  /** Classes after `card list-filters` (the area's filter grid, e.g. `team-filters`). */
  className: string;
  /** Class of the buttons' row after `list-filter-actions` (e.g. `team-filter-actions`). */
  actionsClass: string;
  apply: string;
  /** Reset link text; none: no Reset link. */
  reset?: string;
  /** The page-size select (`name="limit"`), after the fields. */
  perPage?: { id: string; label: string; value: number; sizes: readonly number[] };
  /** Shown after the form when the filters in the URL were not valid (and the defaults apply). */
  invalid?: string;
  children: ReactNode;
}

export async function FilterForm({ action, label, className, actionsClass, apply, reset, perPage, invalid, children }: FilterFormProps) {
  const fold = uiText((await pageContext()).view.locale).filterFold;
  return (
    <FilterFold label={fold.toggle} removeLabel={fold.remove}>
      <form className={`card list-filters ${className}`} method="get" action={action} aria-label={label}>
        {children}
        {perPage ? (
          <div className="field">
            <label htmlFor={perPage.id}>{perPage.label}</label>
            <select id={perPage.id} name="limit" defaultValue={String(perPage.value)}>
              {perPage.sizes.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div className={`list-filter-actions ${actionsClass}`}>
          <button type="submit" className="btn btn-primary btn-sm">
            {apply}
          </button>
          {reset ? (
            <a href={action} className="btn btn-ghost btn-sm">
              {reset}
            </a>
          ) : null}
        </div>
      </form>
      {invalid ? (
        <Notice kind="warning" role="status">
          <p>{invalid}</p>
        </Notice>
      ) : null}
    </FilterFold>
  );
}

/**
 * Two day fields, `start` and `end` (ids `<id>-start`, `<id>-end`), for a day range filter: the
 * kit's DateField in the page's language (the request's locale unless `locale` is given); the
 * form receives ISO days as before.
 */
export async function DateRangeFields({
  id,
  start,
  end,
  labels,
  locale,
}: {
  id: string;
  start: string;
  end: string;
  labels: { start: string; end: string };
  locale?: Locale;
}) {
  const lang = locale ?? (await pageContext()).view.locale;
  return (
    <>
      <div className="field">
        <label htmlFor={`${id}-start`}>{labels.start}</label>
        <DateField id={`${id}-start`} name="start" locale={lang} defaultValue={start} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-end`}>{labels.end}</label>
        <DateField id={`${id}-end`} name="end" locale={lang} defaultValue={end} />
      </div>
    </>
  );
}
