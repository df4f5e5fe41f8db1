/**
 * Build update checks (spec §7, §9): 1 s after start the client fetches the route-rules
 * manifest of its own build (`/builds/meta/{id}.json`); every hour it fetches
 * `/builds/latest.json?t={timestamp}`. When latest reports another id, `outdated` turns true
 * and the next navigation must be a full page load (browser.ts checks `isOutdated()`).
 * Everything that touches the outside world is injected, so tests drive it with fake timers.
 */
import type { RouteRules } from './rules';

export const MANIFEST_DELAY_MS = 1_000;
export const POLL_INTERVAL_MS = 3_600_000;
export const LATEST_URL = '/builds/latest.json';
export const manifestUrl = (id: string) => `/builds/meta/${encodeURIComponent(id)}.json`;

export interface BuildManifest {
  id: string;
  timestamp: number;
  matcher: { routes: string[]; rules: RouteRules };
  prerendered: string[];
}

export interface UpdateCheckerDeps {
  /** The build this page runs (Waku's `import.meta.env.WAKU_BUILD_ID`); '' or 'dev' disables checks. */
  currentId: string;
  fetch: (url: string, init?: RequestInit) => Promise<Response>;
  setTimeout: (fn: () => void, ms: number) => unknown;
  setInterval: (fn: () => void, ms: number) => unknown;
  clearTimeout: (h: unknown) => void;
  clearInterval: (h: unknown) => void;
  now: () => number;
  onManifest?: (m: BuildManifest) => void;
  onOutdated?: (latestId: string) => void;
}

export interface UpdateChecker {
  readonly currentId: string;
  start(): void;
  stop(): void;
  /** Fetches latest.json now; resolves to whether a newer build is known. */
  checkNow(): Promise<boolean>;
  isOutdated(): boolean;
  latestId(): string | null;
  manifest(): BuildManifest | null;
}

export function isBuildManifest(v: unknown): v is BuildManifest {
  const m = v as BuildManifest;
  return (
    !!m &&
    typeof m.id === 'string' &&
    typeof m.timestamp === 'number' &&
    !!m.matcher &&
    typeof m.matcher === 'object' &&
    Array.isArray(m.matcher.routes) &&
    !!m.matcher.rules &&
    typeof m.matcher.rules === 'object' &&
    Array.isArray(m.prerendered)
  );
}

export function createUpdateChecker(d: UpdateCheckerDeps): UpdateChecker {
  let outdated = false;
  let latest: string | null = null;
  let manifest: BuildManifest | null = null;
  let timer: unknown = null;
  let interval: unknown = null;
  const enabled = !!d.currentId && d.currentId !== 'dev';

  const getJson = async (url: string): Promise<unknown> => {
    const res = await d.fetch(url, { cache: 'no-store', headers: { accept: 'application/json' } });
    if (!res.ok) return null;
    return res.json();
  };

  const checkNow = async (): Promise<boolean> => {
    if (!enabled) return false;
    try {
      const body = (await getJson(`${LATEST_URL}?t=${d.now()}`)) as { id?: unknown } | null;
      if (body && typeof body.id === 'string' && body.id) {
        latest = body.id;
        if (body.id !== d.currentId && !outdated) {
          outdated = true;
          d.onOutdated?.(body.id);
        }
      }
    } catch {
      // offline or a bad answer: try again at the next tick
    }
    return outdated;
  };

  const loadManifest = async () => {
    try {
      const body = await getJson(manifestUrl(d.currentId));
      if (isBuildManifest(body) && body.id === d.currentId) {
        manifest = body;
        d.onManifest?.(body);
      }
    } catch {
      // the bundled tables stay in use
    }
  };

  return {
    currentId: d.currentId,
    start() {
      if (!enabled || interval !== null) return;
      timer = d.setTimeout(() => void loadManifest(), MANIFEST_DELAY_MS);
      interval = d.setInterval(() => void checkNow(), POLL_INTERVAL_MS);
    },
    stop() {
      if (timer !== null) d.clearTimeout(timer);
      if (interval !== null) d.clearInterval(interval);
      timer = interval = null;
    },
    checkNow,
    isOutdated: () => outdated,
    latestId: () => latest,
    manifest: () => manifest,
  };
}
