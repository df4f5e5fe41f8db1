/**
 * The one pager (decision 0014): Previous / "page x of y" / Next as plain links (no JavaScript),
 * the ends shown disabled. Nothing when there is nothing to page. A page past the end links back
 * to the last page.
 */
import { fill } from '~/lib/texts';
import type { Locale } from '~/lib/types';
import { uiText } from './texts';

export interface PagerProps {
  locale: Locale;
  /** Rows in all pages. */
  total: number;
  /** The current page, from 1. */
  page: number;
  /** Rows a page. */
  limit: number;
  /** The URL of a page. */
  href: (page: number) => string;
  /** Compact: nothing for a single page, and no disabled Previous / Next at the ends. */
  compact?: boolean;
  /** In-app links (`data-nav="none"`, as `NavAnchor match="none"`: progress bar, no full load). */
  nav?: boolean;
}

export function Pager({ locale, total, page, limit, href, compact = false, nav = false }: PagerProps) {
  if (!total || (compact && total <= limit)) return null;
  const tx = uiText(locale).pager;
  const pages = Math.max(1, Math.ceil(total / limit));
  const navAttr = nav ? 'none' : undefined;
  const disabled = (label: string) =>
    compact ? null : (
      <span className="btn btn-ghost btn-sm is-disabled" aria-disabled="true">
        {label}
      </span>
    );
  return (
    <nav className="pager" aria-label={tx.pages}>
      {page > 1 ? (
        <a className="btn btn-ghost btn-sm" href={href(Math.min(page - 1, pages))} rel="prev" data-nav={navAttr}>
          {tx.prev}
        </a>
      ) : (
        disabled(tx.prev)
      )}
      <span className="pager-status">{fill(tx.pageOf, { page, pages })}</span>
      {page < pages ? (
        <a className="btn btn-ghost btn-sm" href={href(page + 1)} rel="next" data-nav={navAttr}>
          {tx.next}
        </a>
      ) : (
        disabled(tx.next)
      )}
    </nav>
  );
}
