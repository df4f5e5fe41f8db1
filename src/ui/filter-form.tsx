/**
 * A list's filters as a plain GET form (decision 0014: lists live in the URL and work without
 * JavaScript): the fields, then Apply and Reset (a link to the unfiltered list); after the form,
 * the warning shown when the URL's filters were invalid and the list fell back to its defaults.
 */
import type { ReactNode } from 'react';
import { Notice } from './notice';

export interface FilterFormProps {
  /** The form's classes (the area's grid, e.g. `card order-filters`). */
  className: string;
  /** The list's path: the form's action and the Reset link. */
  path: string;
  /** The form's accessible name. */
  label: string;
  /** The class of the buttons' row (the area's, e.g. `order-filter-actions`). */
  actionsClass: string;
  apply: ReactNode;
  reset: ReactNode;
  /** The warning after the form when the filters were invalid; nothing when they were fine. */
  bad?: ReactNode;
  children: ReactNode;
}

export function FilterForm({ className, path, label, actionsClass, apply, reset, bad, children }: FilterFormProps) {
  return (
    <>
      <form className={className} method="get" action={path} aria-label={label}>
        {children}
        <div className={actionsClass}>
          <button type="submit" className="btn btn-primary btn-sm">
            {apply}
          </button>
          <a href={path} className="btn btn-ghost btn-sm">
            {reset}
          </a>
        </div>
      </form>
      {bad ? (
        <Notice kind="warning" role="status">
          <p>{bad}</p>
        </Notice>
      ) : null}
    </>
  );
}
