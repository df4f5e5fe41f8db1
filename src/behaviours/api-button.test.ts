import { afterAll, afterEach, beforeEach, describe, expect, spyOn, test } from 'bun:test';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { type ApiButtonProps, ApiButton } from '~/components/api-button';
import { enhanceAll } from '~/lib/islands/behaviours';
import { CARRIED_TOASTS_KEY } from '~/lib/navigation/bindings';
import { documentLoad, resetProgress } from '~/lib/navigation/browser';
import { notifyState, resetNotify } from '~/lib/notify';
import { enhance } from './api-button';

/** Requests as the server saw them. */
const seen: { method: string; path: string; body: string }[] = [];
/** Answers held back until the test lets them go. */
const held: (() => void)[] = [];
const envelope = (code: number, message: string, status = 200) => Response.json({ code, message, data: null, time: 1 }, { status });
const server = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  async fetch(req) {
    const path = new URL(req.url).pathname;
    seen.push({ method: req.method, path, body: await req.text() });
    if (path === '/held') await new Promise<void>((resolve) => held.push(resolve));
    if (path === '/ok' || path === '/held') return envelope(200001, 'Done on the server');
    if (path === '/silent') return envelope(200001, '');
    if (path === '/down') return new Response('down', { status: 503 });
    if (path === '/login') return envelope(401001, 'Please login first', 401);
    return new Response('', { status: 404 });
  },
});
const url = (p: string) => `http://127.0.0.1:${server.port}${p}`;
afterAll(() => server.stop(true));

const navigations: string[] = [];
let reload: ReturnType<typeof spyOn<typeof documentLoad, 'reload'>>;
let assign: ReturnType<typeof spyOn<typeof documentLoad, 'assign'>>;
beforeEach(() => {
  seen.length = 0;
  navigations.length = 0;
  assign = spyOn(documentLoad, 'assign').mockImplementation((u) => {
    navigations.push(u);
  });
  reload = spyOn(documentLoad, 'reload').mockImplementation(() => {});
  resetNotify();
  sessionStorage.clear();
  document.documentElement.lang = 'en';
});
afterEach(() => {
  for (const go of held.splice(0)) go();
  assign.mockRestore();
  reload.mockRestore();
  resetProgress();
  resetNotify();
  sessionStorage.clear();
  document.body.innerHTML = '';
});

/** The server's markup of the button, wired as on the page; returns the button. */
function mount(props: Partial<ApiButtonProps> & { url: string }): HTMLButtonElement {
  document.body.innerHTML = renderToString(createElement(ApiButton, { label: 'Export', ...props }));
  expect(enhanceAll('api-button', enhance)).toBe(1);
  return document.querySelector('button')!;
}

/** Until the server holds a request back. */
async function heldRequest() {
  for (let i = 0; i < 200 && !held.length; i++) await Bun.sleep(5);
  expect(held).toHaveLength(1);
}

/** Until the button's request is over. */
async function settled(button: HTMLButtonElement) {
  for (let i = 0; i < 200 && (button.disabled || notifyState.loading.count > 0); i++) await Bun.sleep(5);
  expect(button.disabled).toBe(false);
}

const toasts = () => notifyState.toasts.map((t) => `${t.type}:${t.message}`);

describe('api-button behaviour', () => {
  test('busy while the request runs: disabled, aria-busy, the loading indicator; a second click sends nothing', async () => {
    const button = mount({ url: url('/held'), method: 'POST', data: { id: 3 } });
    expect([button.type, button.dataset.enhanced]).toEqual(['button', '']);
    button.click();
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    await heldRequest();
    expect(notifyState.loading.visible).toBe(true);
    button.click();
    await Bun.sleep(20);
    expect(seen).toEqual([{ method: 'POST', path: '/held', body: '{"id":3}' }]);
    held.shift()!();
    await settled(button);
    expect(button.hasAttribute('aria-busy')).toBe(false);
    expect(notifyState.loading.count).toBe(0);
    expect(seen).toHaveLength(1);
    // Usable again.
    button.click();
    await heldRequest();
    held.shift()!();
    await settled(button);
    expect(seen).toHaveLength(2);
  });

  test("success: the button's text as a success toast, else the API's, else the default; GET by default", async () => {
    let button = mount({ url: url('/ok'), successMessage: 'Export started' });
    button.click();
    await settled(button);
    button = mount({ url: url('/ok') });
    button.click();
    await settled(button);
    button = mount({ url: url('/silent') });
    button.click();
    await settled(button);
    expect(toasts()).toEqual(['success:Export started', 'success:Done on the server', 'success:Operation successful']);
    expect(seen.map((s) => s.method)).toEqual(['GET', 'GET', 'GET']);
    expect(reload).not.toHaveBeenCalled();
  });

  test('refresh: after success the page loads again, the success toast carried over to it', async () => {
    const button = mount({ url: url('/ok'), method: 'POST', successMessage: 'All read', refresh: true });
    button.click();
    await settled(button);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(JSON.parse(sessionStorage.getItem(CARRIED_TOASTS_KEY) ?? 'null')).toEqual([{ type: 'success', message: 'All read' }]);
  });

  test('a failure shows the §8 text, does not reload, and gives the button back', async () => {
    const button = mount({ url: url('/down'), method: 'POST', refresh: true });
    button.click();
    await settled(button);
    expect(toasts()).toEqual(['error:Service unavailable!']);
    expect(reload).not.toHaveBeenCalled();
    expect(button.hasAttribute('aria-busy')).toBe(false);
  });

  test('401001 goes to the login page with the current path, without a toast', async () => {
    history.replaceState(null, '', '/user/order/list?page=2');
    const button = mount({ url: url('/login'), method: 'POST', refresh: true });
    button.click();
    await settled(button);
    expect(navigations).toEqual(['/user/login?to=%2Fuser%2Forder%2Flist%3Fpage%3D2']);
    expect(toasts()).toEqual([]);
    expect(reload).not.toHaveBeenCalled();
  });

  test('each button is wired once, however often the script runs', async () => {
    const button = mount({ url: url('/ok') });
    expect(enhanceAll('api-button', enhance)).toBe(0);
    button.click();
    await settled(button);
    expect(seen).toHaveLength(1);
  });
});
