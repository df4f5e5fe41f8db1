/**
 * What ClientRuntime hands the navigation runtime once per page (Waku's router, the update
 * checker, the manifest's route rules), and the navigation in flight. Module state: one page,
 * one runtime.
 */
import type { RouteRules } from './rules';
import type { UpdateChecker } from './update-check';

/** Waku's `router.push`. */
export type Push = (to: string, options?: { scroll?: boolean }) => Promise<void>;

let push: Push | null = null;
let reload: (() => Promise<void> | void) | null = null;
let checker: UpdateChecker | null = null;
let rules: RouteRules | undefined;
let pendingTarget: string | null = null;

/** ClientRuntime hands Waku's `router.push` over; returns the unbind function. */
export function bindRouter(fn: Push): () => void {
  push = fn;
  return () => {
    if (push === fn) push = null;
  };
}
/** ClientRuntime hands Waku's `router.reload` over (re-render the current route from the server). */
export function bindReload(fn: () => Promise<void> | void): () => void {
  reload = fn;
  return () => {
    if (reload === fn) reload = null;
  };
}
/** Re-render the current page from the server after data changed; a full reload without a router. */
export async function refreshPage(): Promise<void> {
  if (reload) await reload();
  else window.location.reload();
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

/** The bound `router.push`, or null before ClientRuntime ran. */
export const boundPush = (): Push | null => push;
/** The bound update checker, or null. */
export const boundUpdateChecker = (): UpdateChecker | null => checker;
/** The manifest's route rules, or undefined for the bundled table. */
export const manifestRules = (): RouteRules | undefined => rules;
/** Marks `to` as the navigation in flight (null when it ended). */
export function setPendingTarget(to: string | null): void {
  pendingTarget = to;
}
