/**
 * One menu entry (spec §2): `tab` and `iframe` navigate in the app (an iframe entry's href is
 * already `/user/iframe/{encodeURIComponent(url)}`), `link` opens in a new tab, any other type
 * shows 'Navigation failed, the menu type is unrecognized!' when clicked and goes nowhere.
 */
import type { ReactNode } from 'react';
import { NavLink, UnknownMenuLink } from '~/islands/nav-link';
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
      <NavLink to={item.href} className={className}>
        {body}
      </NavLink>
    );
  }
  return <UnknownMenuLink className={className}>{body}</UnknownMenuLink>;
}
