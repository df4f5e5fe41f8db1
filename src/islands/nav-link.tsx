'use client';
/**
 * NavLink: Waku's <Link> plus the thin progress bar (spec §9: minimum 0.08, speed 200 ms,
 * trickle 0.02 every 800 ms, no spinner), `aria-current="page"` for the active entry, and the
 * pre-navigation checks (route validation, route-rule redirect, named middlewares; a full
 * page load once a newer build was reported) — see src/lib/navigation.
 * Props are kept to strings so the RSC payload stays small.
 */
import { useEffect, type MouseEvent, type ReactNode } from 'react';
import { Link, useNavigationStatus_UNSTABLE, useRouter, type Unstable_RouteHref } from 'waku/router/client';
import { doneProgress, handleLinkClick, showNavigationError, startProgress } from '~/lib/navigation/browser';
import { isCurrentLink } from '~/lib/navigation/current';

function Progress() {
  const { pending } = useNavigationStatus_UNSTABLE();
  useEffect(() => {
    if (!pending) return;
    startProgress();
    return () => doneProgress();
  }, [pending]);
  return null;
}

export interface NavLinkProps {
  to: string;
  children: ReactNode;
  className?: string;
  /** `exact` (default): active on the same path; `prefix`: also on sub-paths; `none`: never. */
  match?: 'exact' | 'prefix' | 'none';
  title?: string;
}

export function NavLink({ to, children, className, match = 'exact', title }: NavLinkProps) {
  const { path } = useRouter();
  const current = isCurrentLink(path, to, match);
  return (
    <Link
      to={to as Unstable_RouteHref}
      className={className}
      title={title}
      aria-current={current ? 'page' : undefined}
      onClick={(e: MouseEvent<HTMLAnchorElement>) => void handleLinkClick(to, e.nativeEvent)}
    >
      {children}
      <Progress />
    </Link>
  );
}

/**
 * A menu entry whose type is not tab, iframe or link (spec §2): clicking shows
 * 'Navigation failed, the menu type is unrecognized!' and goes nowhere.
 */
export function UnknownMenuLink({ children, className }: { children: ReactNode; className?: string }) {
  return (
    // biome-ignore lint/a11y/useValidAnchor: a menu entry stays a link like its siblings; the click explains why it goes nowhere (spec §2)
    <a
      href="#"
      className={className}
      data-menu-type="unknown"
      onClick={(e) => {
        e.preventDefault();
        showNavigationError('menuTypeUnrecognized');
      }}
    >
      {children}
    </a>
  );
}
