/**
 * The sealing lists' pager (the seal centre's files, the operator's seal review): the ledger
 * style — Previous, "page / pages", Next as plain links, nothing for a single page.
 */
export function LedgerPager({
  page,
  pages,
  href,
  prev,
  next,
}: {
  page: number;
  pages: number;
  href: (page: number) => string;
  prev: string;
  next: string;
}) {
  if (pages <= 1) return null;
  return (
    <nav className="ledger-pager" aria-label="pages">
      {page > 1 ? <a href={href(page - 1)}>{prev}</a> : null}
      <span>
        {page} / {pages}
      </span>
      {page < pages ? <a href={href(page + 1)}>{next}</a> : null}
    </nav>
  );
}
