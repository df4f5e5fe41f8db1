'use client';
/**
 * Navigation runtime, mounted once in the root layout (no props, renders nothing):
 * - hands Waku's `router.push` to `navigate()` (src/lib/navigation/browser.ts);
 * - update checks: the build manifest 1 s after start, `latest.json` every hour; once a newer
 *   build is reported, `<html data-build-status="outdated">` is set and the next navigation is a
 *   full page load;
 * - `<html data-nav-ready="true">` once this has mounted (e2e tests wait for it), and
 *   `window.__portalNav` = { navigate, buildId, latestId(), checkForUpdate() } for tests;
 * - chunk-load recovery (reload at most once per 10 s);
 * - server-rendered `<a data-nav>` links: client navigation on click, `aria-current` after each navigation;
 * - the language and theme switches (src/lib/prefs-forms.ts).
 */
import { useEffect } from 'react';
import { useRouter } from 'waku/router/client';
import { bindReload, bindRouter, markCurrentAnchors, startClientRuntime } from '~/lib/navigation/browser';
import { installPrefForms } from '~/lib/prefs-forms';

export function ClientRuntime() {
  const { push, reload, path } = useRouter();

  useEffect(() => bindRouter((to, options) => push(to as Parameters<typeof push>[0], options)), [push]);
  useEffect(() => bindReload(reload), [reload]);

  // Once per page: the root layout can remount on navigation, the checker must keep its timers.
  useEffect(() => startClientRuntime(), []);
  // The language and theme switches are server markup; one listener answers them.
  useEffect(() => installPrefForms(document), []);

  // Server-rendered `a[data-nav]` links keep their aria-current through client navigations.
  useEffect(() => markCurrentAnchors(document, path), [path]);

  return null;
}
