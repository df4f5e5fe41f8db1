import { afterEach, beforeEach, describe, expect, spyOn, test } from 'bun:test';
import { CHUNK_RELOAD_KEY, createChunkReloadGuard, isChunkLoadError } from './chunk-reload';
import { setPendingTarget } from './bindings';
import { documentLoad, installChunkReload } from './browser';

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
});

describe('installChunkReload (the page runtime installs it on window)', () => {
  let assign: ReturnType<typeof spyOn<typeof documentLoad, 'assign'>>;
  let reload: ReturnType<typeof spyOn<typeof documentLoad, 'reload'>>;
  let uninstall: () => void = () => {};
  beforeEach(() => {
    assign = spyOn(documentLoad, 'assign').mockImplementation(() => {});
    reload = spyOn(documentLoad, 'reload').mockImplementation(() => {});
    sessionStorage.clear();
    setPendingTarget(null);
  });
  afterEach(() => {
    uninstall();
    uninstall = () => {};
    assign.mockRestore();
    reload.mockRestore();
    sessionStorage.clear();
    setPendingTarget(null);
    document.body.innerHTML = '';
  });

  /**
   * A module script of the page whose file fails to load. happy-dom loads no files: it answers
   * with the `error` event a browser fires (it does not bubble), and logs the failure.
   */
  const failingScript = (src: string) => {
    const quiet = spyOn(console, 'error').mockImplementation(() => {});
    const el = document.createElement('script');
    el.type = 'module';
    let failed = false;
    el.addEventListener('error', () => {
      failed = true;
    });
    el.src = src;
    document.body.append(el);
    quiet.mockRestore();
    expect(failed).toBe(true);
  };

  test('an island script that fails to load reloads the page, once in 10 s', () => {
    uninstall = installChunkReload(window);
    failingScript('/assets/island-order-form-gone.js');
    expect(reload).toHaveBeenCalledTimes(1);
    expect(Number(sessionStorage.getItem(CHUNK_RELOAD_KEY))).toBeGreaterThan(0);
    failingScript('/assets/island-area-picker-gone.js');
    expect(reload).toHaveBeenCalledTimes(1); // within 10 s: no loop
    expect(assign).not.toHaveBeenCalled();
  });

  test('during a navigation the reload goes to its target', () => {
    uninstall = installChunkReload(window);
    setPendingTarget('/user/order/guzhu');
    failingScript('/assets/behaviour-api-form-gone.js');
    expect(assign.mock.calls).toEqual([['/user/order/guzhu']]);
    expect(reload).not.toHaveBeenCalled();
  });

  test('other errors are not chunk failures: an inline script, an image, an application error', () => {
    uninstall = installChunkReload(window);
    const inline = document.createElement('script');
    inline.textContent = 'void 0';
    document.body.append(inline);
    inline.dispatchEvent(new Event('error'));
    const img = document.createElement('img');
    document.body.append(img);
    img.dispatchEvent(new Event('error'));
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('boom'), message: 'boom', cancelable: true }));
    const rejection = new Event('unhandledrejection', { cancelable: true });
    Object.assign(rejection, { reason: new TypeError('x is undefined') });
    window.dispatchEvent(rejection);
    expect(rejection.defaultPrevented).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  test('a failed dynamic import (unhandled rejection or error) reloads; the error is kept from the console then', () => {
    uninstall = installChunkReload(window);
    const failed = () => {
      const e = new Event('unhandledrejection', { cancelable: true });
      Object.assign(e, { reason: new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/chunk-x.js') });
      window.dispatchEvent(e);
      return e;
    };
    expect(failed().defaultPrevented).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    // Within 10 s the error surfaces as it is.
    expect(failed().defaultPrevented).toBe(false);
    sessionStorage.clear();
    const err = new ErrorEvent('error', { message: 'Importing a module script failed.', cancelable: true });
    window.dispatchEvent(err);
    expect(err.defaultPrevented).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  test('after uninstalling nothing reloads', () => {
    installChunkReload(window)();
    failingScript('/assets/island-gone.js');
    expect(reload).not.toHaveBeenCalled();
  });
});
