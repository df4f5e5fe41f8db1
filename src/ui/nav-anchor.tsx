/**
 * An in-app link as plain server markup: `<a data-nav>` (its value: how it matches the current page,
 * empty for exact) navigates in the app through the one delegated listener
 * (src/lib/navigation/nav-anchors.ts) with the pre-navigation checks, progress bar and
 * `aria-current`, without an island per link. Usable inside static regions and on plain pages
 * (there it is an ordinary link).
 */
import type { ReactNode } from 'react';
import { isCurrentLink, type LinkMatch } from '~/lib/navigation/current';
import { requestStore } from '~/server/context';

export interface NavAnchorProps {
  to: string;
  children: ReactNode;
  className?: string;
  /** `exact` (default): current on the same path; `prefix`: also on sub-paths; `none`: never. */
  match?: LinkMatch;
  title?: string;
  'aria-label'?: string;
}

export function NavAnchor({ to, children, className, match = 'exact', title, 'aria-label': label }: NavAnchorProps) {
  const path = requestStore.getStore()?.pathname ?? '';
  return (
    <a
      href={to}
      className={className}
      title={title}
      aria-label={label}
      data-nav={match === 'exact' ? '' : match}
      aria-current={isCurrentLink(path, to, match) ? 'page' : undefined}
    >
      {children}
    </a>
  );
}

/** A menu entry of an unknown type (spec §2): the click shows 'Navigation failed, the menu type is unrecognized!'. */
export function UnknownMenuAnchor({ children, className }: { children: ReactNode; className?: string }) {
  return (
    // biome-ignore lint/a11y/useValidAnchor: a menu entry stays a link like its siblings; the click explains why it goes nowhere (spec §2)
    <a href="#" className={className} data-nav="" data-menu-type="unknown">
      {children}
    </a>
  );
}
