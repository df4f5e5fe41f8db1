'use client';
/**
 * The browser runtime of every page, mounted once in the root layout (no props, renders nothing):
 * - hands Waku's `router.push` and `router.reload` to `navigate()` / `refreshPage()`
 *   (src/lib/navigation/browser.ts) and starts the page runtime once: the `a[data-nav]` listener,
 *   chunk-load recovery, the hourly build check (`<html data-build-status="outdated">` once a newer
 *   build is reported: the next navigation is a full page load), `<html data-nav-ready>` and
 *   `window.__portalNav` for tests;
 * - after every navigation: the active route in the member-centre store, `aria-current` on
 *   server-rendered links, the drawer and dropdowns collapse (spec §2);
 * - Escape and outside clicks close header dropdowns; the language and theme switches; the `ba-tz`
 *   time-zone cookie.
 */
import { useEffect } from 'react';
import { subscribe } from 'valtio/vanilla';
import { useRouter } from 'waku/router/client';
import { collapseAll, installDropdownAutoclose } from '~/lib/dropdowns';
import { memberCentreState, navigated } from '~/lib/member-centre-state';
import { bindPrefetch, bindReload, bindRouter, markCurrentAnchors, navigationSettled, startClientRuntime } from '~/lib/navigation/browser';
import { installPrefForms } from '~/lib/prefs-forms';
import { syncTimeZoneCookie } from '~/lib/time-zone-cookie';

function listen(target: EventTarget, type: string, fn: (e: Event) => void): () => void {
  target.addEventListener(type, fn);
  return () => target.removeEventListener(type, fn);
}

export function ClientRuntime() {
  const { push, reload, prefetch, path } = useRouter();

  useEffect(() => bindRouter((to, options) => push(to as Parameters<typeof push>[0], options)), [push]);
  useEffect(() => bindReload(reload), [reload]);
  useEffect(() => bindPrefetch((to, options) => prefetch(to as Parameters<typeof prefetch>[0], options)), [prefetch]);

  // Once per page: the root layout can remount on navigation, the checker must keep its timers.
  useEffect(() => {
    startClientRuntime();
    syncTimeZoneCookie();
    const stops = [
      installDropdownAutoclose(document),
      installPrefForms(document),
      // The drawer toggle is a server-rendered checkbox; the store follows it and closes it.
      listen(document, 'change', (e) => {
        const el = e.target as HTMLInputElement | null;
        if (el?.matches?.('input[data-collapse]')) memberCentreState.open = el.checked;
      }),
      subscribe(memberCentreState, () => {
        if (!memberCentreState.open) collapseAll(document);
      }),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }, []);

  useEffect(() => {
    navigationSettled(path);
    navigated(path);
    collapseAll(document);
    markCurrentAnchors(document, path);
  }, [path]);

  return null;
}
