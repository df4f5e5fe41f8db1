/**
 * Chunk-load recovery (spec §4): a script that fails to load (an island's `<script src>`, a
 * failed dynamic import) reloads the page, at most once per 10 s, guarded by a sessionStorage marker
 * holding the time of the last such reload. Without sessionStorage it never reloads (no loop).
 */
export const CHUNK_RELOAD_KEY = 'portal:chunk-reload-at';
export const CHUNK_RELOAD_WINDOW_MS = 10_000;

export interface ChunkReloadDeps {
  storage: () => Pick<Storage, 'getItem' | 'setItem'> | null;
  now: () => number;
  /** Full page load; `target` is the navigation in flight, if any. */
  reload: (target?: string) => void;
  windowMs?: number;
}

export function createChunkReloadGuard(d: ChunkReloadDeps) {
  const windowMs = d.windowMs ?? CHUNK_RELOAD_WINDOW_MS;
  return {
    /** Reloads unless one happened less than 10 s ago; returns whether it reloads. */
    tryReload(target?: string): boolean {
      let store: Pick<Storage, 'getItem' | 'setItem'> | null;
      try {
        store = d.storage();
        if (!store) return false;
        const last = Number(store.getItem(CHUNK_RELOAD_KEY) ?? '');
        const now = d.now();
        if (Number.isFinite(last) && last > 0 && now - last >= 0 && now - last < windowMs) return false;
        store.setItem(CHUNK_RELOAD_KEY, String(now));
      } catch {
        return false;
      }
      d.reload(target);
      return true;
    },
  };
}

const CHUNK_ERROR = [
  /Failed to fetch dynamically imported module/i, // Chromium
  /error loading dynamically imported module/i, // Firefox
  /Importing a module script failed/i, // Safari
  /Unable to preload CSS/i, // Vite
  /Failed to load module script/i,
  /Loading (CSS )?chunk [\w-]+ failed/i,
];

/** Whether `err` is a failed chunk / dynamic import rather than an application error. */
export function isChunkLoadError(err: unknown): boolean {
  if (!err) return false;
  const e = err as { name?: unknown; message?: unknown };
  if (e.name === 'ChunkLoadError') return true;
  const msg = typeof err === 'string' ? err : typeof e.message === 'string' ? e.message : '';
  return CHUNK_ERROR.some((re) => re.test(msg));
}
