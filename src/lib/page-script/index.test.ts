import { afterAll, afterEach, beforeEach, describe, expect, jest, spyOn, test } from 'bun:test';
import { enhanceAll } from '../islands/behaviours';
import { pageSettled } from '../islands/ready';
import { CARRIED_TOASTS_KEY, setPendingTarget } from '../navigation/bindings';
import { documentLoad, navigate, resetProgress } from '../navigation/browser';
import { CHUNK_RELOAD_KEY } from '../navigation/chunk-reload';
import { notifyState, resetNotify } from '../notify';

// The module starts the page when it is loaded into a page that has not started yet; this test
// starts (and stops) it itself.
document.documentElement.dataset.pageRuntime = 'test';
const { startPage } = await import('.');
delete document.documentElement.dataset.pageRuntime;

let stop: () => void = () => {};
let assign: ReturnType<typeof spyOn<typeof documentLoad, 'assign'>>;
let reload: ReturnType<typeof spyOn<typeof documentLoad, 'reload'>>;
beforeEach(() => {
  assign = spyOn(documentLoad, 'assign').mockImplementation(() => {});
  reload = spyOn(documentLoad, 'reload').mockImplementation(() => {});
  document.documentElement.lang = 'en';
  document.body.innerHTML = `
    <details data-autoclose open><summary>Menu</summary><a href="/user" data-nav="">Member centre</a></details>
    <input type="checkbox" data-collapse checked>
    <a href="#" data-nav="" data-menu-type="unknown">Odd entry</a>
    <a href="/offer" data-nav="" id="offer">Quote</a>
    <a href="/elsewhere" id="plain">Plain</a>`;
  delete document.documentElement.dataset.navReady;
  delete document.documentElement.dataset.pageRuntime;
  sessionStorage.clear();
  setPendingTarget(null); // no navigation in flight (an earlier test's would be the reload's target)
  resetNotify();
});
afterEach(() => {
  stop();
  stop = () => {};
  assign.mockRestore();
  reload.mockRestore();
  jest.useRealTimers();
  resetProgress();
  resetNotify();
  sessionStorage.clear();
  document.body.innerHTML = '';
});
afterAll(() => {
  delete document.documentElement.dataset.navReady;
  delete (window as { __portalNav?: unknown }).__portalNav;
});

/** Clicks `el`; returns whether the page left the click to the browser (happy-dom is kept from following it). */
const click = (el: Element) => {
  let left = false;
  const after = (e: Event) => {
    left = !e.defaultPrevented;
    e.preventDefault();
  };
  document.addEventListener('click', after);
  el.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
  document.removeEventListener('click', after);
  return left;
};

describe('the page script', () => {
  test('marks the runtime and, with nothing to hydrate, the page ready; sets the time-zone cookie; offers navigate()', () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the test clears the cookie the script sets
    document.cookie = 'ba-tz=; Max-Age=0; Path=/';
    stop = startPage(document);
    expect(document.documentElement.dataset.pageRuntime).toBe('true');
    expect(document.documentElement.dataset.navReady).toBe('true');
    expect(decodeURIComponent(/(?:^|;\s*)ba-tz=([^;]*)/.exec(document.cookie)?.[1] ?? '')).toBe(
      Intl.DateTimeFormat().resolvedOptions().timeZone,
    );
    expect((window as unknown as { __portalNav: { navigate: unknown } }).__portalNav.navigate).toBe(navigate);
    stop();
    stop = () => {};
    expect(document.documentElement.dataset.pageRuntime).toBeUndefined();
  });

  test('data-nav-ready waits for every top-level island boundary and every behaviour element', () => {
    document.body.insertAdjacentHTML(
      'beforeend',
      `<portal-island data-island="order-form" data-props="{}" data-uid="a">
         <portal-island data-island="area-picker" data-props="{}" data-uid="b"></portal-island>
       </portal-island>
       <portal-island data-island="order-actions/OrderRefresh" data-props="{}" data-uid="c"></portal-island>
       <button type="button" data-behaviour="api-button">Export</button>`,
    );
    stop = startPage(document);
    expect(document.documentElement.dataset.navReady).toBeUndefined();
    const [outer, , second] = document.querySelectorAll<HTMLElement>('portal-island');
    outer.dataset.hydrated = ''; // the nested boundary is part of it and stays as it is
    expect(pageSettled(document)).toBe(false);
    second.dataset.hydrated = '';
    expect(pageSettled(document)).toBe(false); // the behaviour is not wired yet
    expect(document.documentElement.dataset.navReady).toBeUndefined();
    const wired: string[] = [];
    expect(enhanceAll('api-button', (el) => wired.push(el.textContent ?? ''))).toBe(1);
    expect(wired).toEqual(['Export']);
    expect(document.documentElement.dataset.navReady).toBe('true');
  });

  test('island and behaviour scripts that ran before the page script: the page script sets the mark', () => {
    document.body.insertAdjacentHTML('beforeend', '<form data-behaviour="api-form"></form>');
    enhanceAll('api-form', () => {});
    expect(document.documentElement.dataset.navReady).toBeUndefined(); // no page runtime yet
    stop = startPage(document);
    expect(document.documentElement.dataset.navReady).toBe('true');
  });

  test('Escape closes the open dropdown and the drawer; a click outside closes the dropdown', async () => {
    stop = startPage(document);
    const details = document.querySelector('details')!;
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(details.open).toBe(false);
    expect(document.querySelector<HTMLInputElement>('input[data-collapse]')!.checked).toBe(false);
    details.open = true;
    click(details.querySelector('a')!);
    expect(details.open).toBe(true);
    click(document.getElementById('plain')!);
    expect(details.open).toBe(false);
    await Bun.sleep(0);
    expect(assign.mock.calls).toEqual([['/user']]); // the link inside the dropdown
  });

  test('an unknown menu type shows the error toast, goes nowhere, and the toast expires after 4500 ms', () => {
    jest.useFakeTimers();
    stop = startPage(document);
    expect(click(document.querySelector('[data-menu-type="unknown"]')!)).toBe(false);
    const toast = document.querySelector<HTMLElement>('.toast.toast-error[role="alert"]')!;
    expect(toast.textContent).toBe('Navigation failed, the menu type is unrecognized!');
    expect(toast.style.zIndex).toBe('9999');
    expect(toast.querySelector('button')!.getAttribute('aria-label')).toBe('Close');
    expect(click(document.getElementById('plain')!)).toBe(true);
    jest.advanceTimersByTime(4499);
    expect(toast.isConnected).toBe(true);
    jest.advanceTimersByTime(1);
    expect(toast.isConnected).toBe(false);
    expect(assign).not.toHaveBeenCalled();
  });

  test('an in-app link loads the next document with the progress bar; a plain link is left alone', async () => {
    stop = startPage(document);
    expect(click(document.getElementById('offer')!)).toBe(false);
    await Bun.sleep(0);
    expect(assign.mock.calls).toEqual([['/offer']]);
    expect(document.getElementById('nprogress')).not.toBeNull();
    expect(click(document.getElementById('plain')!)).toBe(true);
    expect(assign).toHaveBeenCalledTimes(1);
  });

  test('toasts the previous document handed over are shown once', () => {
    sessionStorage.setItem(CARRIED_TOASTS_KEY, JSON.stringify([{ type: 'success', message: 'Saved' }]));
    stop = startPage(document);
    expect(notifyState.toasts.map((t) => t.message)).toEqual(['Saved']);
    expect(document.querySelector('.toast.toast-success[role="status"]')?.textContent).toBe('Saved');
    expect(sessionStorage.getItem(CARRIED_TOASTS_KEY)).toBeNull();
  });

  test('an island script that fails to load reloads the page; after stop() nothing reloads', () => {
    stop = startPage(document);
    const quiet = spyOn(console, 'error').mockImplementation(() => {});
    const script = () => {
      const el = document.createElement('script');
      el.type = 'module';
      el.src = '/assets/island-order-form-old.js';
      document.body.append(el); // happy-dom loads no files: it fires the error event a browser would
    };
    script();
    expect(reload).toHaveBeenCalledTimes(1);
    stop();
    stop = () => {};
    sessionStorage.removeItem(CHUNK_RELOAD_KEY);
    script();
    quiet.mockRestore();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  test('the theme switch answers in the page', () => {
    document.documentElement.dataset.theme = 'light';
    document.body.insertAdjacentHTML(
      'beforeend',
      '<form data-pref="theme" data-to-dark="Dark" data-to-light="Light" action="/theme" method="post"><input type="hidden" name="theme" value="dark"><button type="submit">Theme</button></form>',
    );
    stop = startPage(document);
    const form = document.querySelector<HTMLFormElement>('form[data-pref="theme"]')!;
    const e = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(e);
    expect(e.defaultPrevented).toBe(true);
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(form.querySelector('button')!.getAttribute('aria-label')).toBe('Light');
  });
});
