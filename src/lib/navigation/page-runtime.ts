/**
 * The page-lifetime runtime, started once per page by ClientRuntime: the hourly build check,
 * chunk-load recovery, the `a[data-nav]` listener and the e2e hooks.
 */
import { bindUpdateChecker, setManifestRules, setPendingTarget } from './bindings';
import { installChunkReload } from './chunk-guard';
import { navigate } from './client-navigate';
import { installNavAnchors } from './nav-anchors';
import { createUpdateChecker } from './update-check';

/** The build this page runs: Waku defines `import.meta.env.WAKU_BUILD_ID` in every bundle ('dev' in dev). */
export function currentBuildId(): string {
  try {
    return import.meta.env?.WAKU_BUILD_ID ?? '';
  } catch {
    return '';
  }
}

let started = false;

/**
 * Starts the update checks, chunk-load recovery and the link listener once per page (idempotent:
 * the root layout may remount on navigation, and restarting would reset the hourly poll). Also
 * publishes the e2e hooks `html[data-nav-ready]` and `window.__portalNav`.
 */
export function startClientRuntime(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  installChunkReload(window);
  installNavAnchors(document);
  // Back and forward are the browser's: a navigation of ours still waiting for its page is over.
  window.addEventListener('popstate', () => setPendingTarget(null));
  const c = createUpdateChecker({
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
  bindUpdateChecker(c);
  c.start();
  document.documentElement.dataset.navReady = 'true';
  (window as unknown as { __portalNav?: unknown }).__portalNav = {
    navigate,
    buildId: c.currentId,
    latestId: () => c.latestId(),
    checkForUpdate: () => c.checkNow(),
  };
}
