/**
 * What the ClientRuntime component hands the navigation runtime once per page (Waku's router, the
 * update checker, the manifest's route rules), the navigation in flight, and the one seam for full
 * page loads. Module state: one page, one runtime.
 */
import type { RouteRules } from './rules';
import type { UpdateChecker } from './update-check';

/** Waku's `router.push`. */
export type Push = (to: string, options?: { scroll?: boolean }) => Promise<void>;

/** Waku's `router.prefetch`. */
export type Prefetch = (to: string, options?: { ttl?: number }) => void;

let push: Push | null = null;
let prefetch: Prefetch | null = null;
let reload: (() => Promise<void>) | null = null;
let checker: UpdateChecker | null = null;
let rules: RouteRules | undefined;
let pendingTarget: string | null = null;

/**
 * The full page loads of the runtime (external targets, a newer build, the chunk guard, the login
 * redirect of the HTTP helper) all go through here: one seam, so unit tests can watch them instead
 * of unloading happy-dom's window.
 */
export const documentLoad = {
  assign(to: string): void {
    window.location.assign(to);
  },
  reload(): void {
    window.location.reload();
  },
};

/** ClientRuntime hands Waku's `router.push` over; returns the unbind function. */
export function bindRouter(fn: Push): () => void {
  push = fn;
  return () => {
    if (push === fn) push = null;
  };
}
/** ClientRuntime hands Waku's `router.prefetch` over; returns the unbind function. */
export function bindPrefetch(fn: Prefetch): () => void {
  prefetch = fn;
  return () => {
    if (prefetch === fn) prefetch = null;
  };
}
/** ClientRuntime hands Waku's `router.reload` over (render the current route again from the server). */
export function bindReload(fn: () => Promise<void>): () => void {
  reload = fn;
  return () => {
    if (reload === fn) reload = null;
  };
}
/** The checker that reports a newer build; null unbinds it. */
export function bindUpdateChecker(c: UpdateChecker | null): void {
  checker = c;
}
/** Route rules from the build manifest (`/builds/meta/{id}.json`); undefined = the bundled table. */
export function setManifestRules(r: RouteRules | undefined): void {
  rules = r;
}
/** The in-app navigation in flight, if any (a chunk failure reloads into it). */
export const currentNavigationTarget = () => pendingTarget;
/** Marks `to` as the navigation in flight (null when it ended). */
export function setPendingTarget(to: string | null): void {
  pendingTarget = to;
}

/** The bound `router.push`, or null before ClientRuntime ran. */
export const boundPush = (): Push | null => push;
/** The bound `router.prefetch`, or null before ClientRuntime ran. */
export const boundPrefetch = (): Prefetch | null => prefetch;
/** The bound `router.reload`, or null before ClientRuntime ran. */
export const boundReload = (): (() => Promise<void>) | null => reload;
/** The bound update checker, or null. */
export const boundUpdateChecker = (): UpdateChecker | null => checker;
/** The manifest's route rules, or undefined for the bundled table. */
export const manifestRules = (): RouteRules | undefined => rules;
