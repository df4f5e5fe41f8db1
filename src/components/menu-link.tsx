/** One menu entry: in-app types (tab, iframe) use NavLink; `link` opens in a new tab (spec §2). */
import type { ReactNode } from 'react';
import { NavLink } from '~/islands/nav-link';
import type { MenuItem } from '~/lib/types';

export function MenuLink({ item, className, children }: { item: MenuItem; className?: string; children?: ReactNode }) {
  const body = children ?? item.title;
  if (item.menuType === 'link') {
    const safe = /^(https?:\/\/|\/(?!\/))/.test(item.href) ? item.href : '#';
    return (
      <a className={className} href={safe} target="_blank" rel="noopener noreferrer">
        {body}
      </a>
    );
  }
  if (item.menuType !== 'tab' && item.menuType !== 'iframe') {
    // Unknown menu type: spec §2 says navigation fails with a message; render it inert.
    return <span className={className} aria-disabled="true" title="Navigation failed, the menu type is unrecognized!">{body}</span>;
  }
  return (
    <NavLink to={item.href} className={className}>
      {body}
    </NavLink>
  );
}
