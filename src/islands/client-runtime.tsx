'use client';
/**
 * Navigation runtime, mounted once in the root layout (no props, renders nothing):
 * - hands Waku's `router.push` to `navigate()` (src/lib/navigation/browser.ts);
 * - update checks: the build manifest 1 s after start, `latest.json` every hour; once a newer
 *   build is reported, `<html data-build-status="outdated">` is set and the next navigation is a
 *   full page load;
 * - `<html data-nav-ready="true">` once this has mounted (e2e tests wait for it), and
 *   `window.__portalNav` = { navigate, buildId, latestId(), checkForUpdate() } for tests;
 * - chunk-load recovery (reload at most once per 10 s).
 */
import { useEffect } from 'react';
import { useRouter } from 'waku/router/client';
import { bindRouter, bindUpdateChecker, currentBuildId, installChunkReload, navigate, setManifestRules } from '~/lib/navigation/browser';
import { createUpdateChecker } from '~/lib/navigation/update-check';

export function ClientRuntime() {
  const { push } = useRouter();

  useEffect(() => bindRouter((to, options) => push(to as Parameters<typeof push>[0], options)), [push]);

  useEffect(() => {
    const uninstall = installChunkReload(window);
    const checker = createUpdateChecker({
      currentId: currentBuildId(),
      fetch: (url, init) => window.fetch(url, init),
      setTimeout: (fn, ms) => window.setTimeout(fn, ms),
      setInterval: (fn, ms) => window.setInterval(fn, ms),
      clearTimeout: (h) => window.clearTimeout(h as number),
      clearInterval: (h) => window.clearInterval(h as number),
      now: () => Date.now(),
      onManifest: (m) => setManifestRules(m.matcher.rules),
      onOutdated: () => {
        document.documentElement.dataset.buildStatus = 'outdated';
      },
    });
    bindUpdateChecker(checker);
    checker.start();
    // Hydrated: in-app navigation (and its checks) is live. Stable hooks for e2e tests:
    // `html[data-nav-ready]` and `window.__portalNav` (navigate with the checks, the build ids).
    document.documentElement.dataset.navReady = 'true';
    (window as unknown as { __portalNav?: unknown }).__portalNav = {
      navigate,
      buildId: checker.currentId,
      latestId: () => checker.latestId(),
      checkForUpdate: () => checker.checkNow(),
    };
    return () => {
      delete (window as unknown as { __portalNav?: unknown }).__portalNav;
      delete document.documentElement.dataset.navReady;
      checker.stop();
      bindUpdateChecker(null);
      setManifestRules(undefined);
      uninstall();
    };
  }, []);

  return null;
}
