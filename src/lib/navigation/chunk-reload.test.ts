import { describe, expect, test } from 'bun:test';
import { CHUNK_RELOAD_KEY, createChunkReloadGuard, isChunkLoadError } from './chunk-reload';
import { installChunkReload } from './browser';

function memoryStorage() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), m };
}

describe('chunk reload guard', () => {
  test('reloads at most once per 10 s, remembering the time in sessionStorage', () => {
    let now = 50_000;
    const store = memoryStorage();
    const reloads: (string | undefined)[] = [];
    const guard = createChunkReloadGuard({ storage: () => store, now: () => now, reload: (t) => reloads.push(t) });
    expect(guard.tryReload()).toBe(true);
    expect(store.m.get(CHUNK_RELOAD_KEY)).toBe('50000');
    now += 9_999;
    expect(guard.tryReload('/x')).toBe(false);
    now += 1;
    expect(guard.tryReload('/x')).toBe(true);
    expect(reloads).toEqual([undefined, '/x']);
  });

  test('never reloads without sessionStorage (no loop)', () => {
    const reloads: unknown[] = [];
    const guard = createChunkReloadGuard({
      storage: () => {
        throw new Error('denied');
      },
      now: () => 1,
      reload: () => reloads.push(1),
    });
    expect(guard.tryReload()).toBe(false);
    expect(reloads).toEqual([]);
  });

  test('recognises chunk load failures only', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: http://x/assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError({ name: 'ChunkLoadError', message: '' })).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });

  test("our vite:preloadError listener decides before Waku's and stops it", () => {
    const target = new EventTarget() as unknown as Window;
    const calls: string[] = [];
    // Waku's inline handler is registered first, without capture.
    target.addEventListener('vite:preloadError', () => calls.push('waku'));
    let allow = true;
    const guard = {
      tryReload: () => {
        calls.push('ours');
        return allow;
      },
    };
    const uninstall = installChunkReload(target, guard);
    const e1 = new Event('vite:preloadError', { cancelable: true });
    target.dispatchEvent(e1);
    expect(calls).toEqual(['ours']);
    expect(e1.defaultPrevented).toBe(true); // reloading: Vite must not throw
    allow = false;
    const e2 = new Event('vite:preloadError', { cancelable: true });
    target.dispatchEvent(e2);
    expect(e2.defaultPrevented).toBe(false); // within 10 s: let the error surface
    uninstall();
    target.dispatchEvent(new Event('vite:preloadError', { cancelable: true }));
    expect(calls).toEqual(['ours', 'ours', 'waku']);
  });
});
