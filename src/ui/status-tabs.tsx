/**
 * A list's status tabs (the kit's): "All" and one tab per status, each with how many records the
 * list's other filters find in it, as plain links that set the status filter in the URL (GET, no
 * JavaScript); the current tab carries `aria-current="page"`. The area picks the tabs and words.
 */
export interface StatusTab {
  /** The status filter's value ('' for all). */
  value: string;
  label: string;
  count: number;
}

export interface StatusTabsProps {
  /** The navigation's accessible name (e.g. "Orders by status"). */
  label: string;
  tabs: readonly StatusTab[];
  /** The status filter now ('' for all). */
  current: string;
  /** The URL of the list filtered by a status (first page). */
  href: (value: string) => string;
}

export function StatusTabs({ label, tabs, current, href }: StatusTabsProps) {
  return (
    <nav className="status-tabs" aria-label={label}>
      {tabs.map((t) => (
        <a
          key={t.value || 'all'}
          href={href(t.value)}
          className="status-tab"
          aria-current={t.value === current ? 'page' : undefined}
          data-tab={t.value || 'all'}
        >
          <span className="status-tab-label">{t.label}</span>
          <span className="status-tab-count">{t.count}</span>
        </a>
      ))}
    </nav>
  );
}
