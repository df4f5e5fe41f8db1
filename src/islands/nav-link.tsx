'use client';
/**
 * NavLink: Waku's <Link> plus the thin progress bar (spec §9: minimum 0.08, speed 200 ms,
 * trickle 0.02 every 800 ms, no spinner) and `aria-current="page"` for the active entry.
 * Props are kept to strings so the RSC payload stays small.
 */
import { useEffect, type ReactNode } from 'react';
import NProgress from 'nprogress';
import { Link, useNavigationStatus_UNSTABLE, useRouter, type Unstable_RouteHref } from 'waku/router/client';

NProgress.configure({ minimum: 0.08, speed: 200, trickleSpeed: 800, showSpinner: false });
(NProgress.settings as unknown as { trickleRate: number }).trickleRate = 0.02;

let inFlight = 0;

function Progress() {
  const { pending } = useNavigationStatus_UNSTABLE();
  useEffect(() => {
    if (!pending) return;
    inFlight += 1;
    NProgress.start();
    return () => {
      inFlight = Math.max(0, inFlight - 1);
      if (inFlight === 0) NProgress.done();
    };
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
  const current = match !== 'none' && (path === to || (match === 'prefix' && to !== '/' && path.startsWith(`${to}/`)));
  return (
    <Link to={to as Unstable_RouteHref} className={className} title={title} aria-current={current ? 'page' : undefined}>
      {children}
      <Progress />
    </Link>
  );
}
