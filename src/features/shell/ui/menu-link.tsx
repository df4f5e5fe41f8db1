/**
 * One menu entry (spec §2): `tab` and `iframe` navigate in the app (an iframe entry's href is
 * already `/user/iframe/{encodeURIComponent(url)}`), `link` opens in a new tab, any other type
 * shows 'Navigation failed, the menu type is unrecognized!' when clicked and goes nowhere.
 * Plain server markup (NavAnchor), so menus can sit in static regions.
 */
import type { ReactNode } from 'react';
import { NavAnchor, UnknownMenuAnchor } from '~/ui/nav-anchor';
import type { MenuItem } from '~/lib/types';

export function MenuLink({ item, className, children }: { item: MenuItem; className?: string; children?: ReactNode }) {
  const body = children ?? item.title;
  const type: string = item.menuType;
  if (type === 'link') {
    const safe = /^(https?:\/\/|\/(?!\/))/i.test(item.href) ? item.href : '#';
    return (
      <a className={className} href={safe} target="_blank" rel="noopener noreferrer">
        {body}
      </a>
    );
  }
  if (type === 'tab' || type === 'iframe') {
    return (
      <NavAnchor to={item.href} className={className}>
        {body}
      </NavAnchor>
    );
  }
  return <UnknownMenuAnchor className={className}>{body}</UnknownMenuAnchor>;
}
