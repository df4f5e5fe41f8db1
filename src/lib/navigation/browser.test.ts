import { afterEach, beforeEach, describe, expect, mock, spyOn, test } from 'bun:test';
import { notifyState, closeToast } from '~/lib/notify';
import { PAINT_WAIT_MS, bindRouter, bindUpdateChecker, installNavAnchors, navigate, scrollAfterNavigation } from './browser';
import type { UpdateChecker } from './update-check';

const pushes: { to: string; opts?: { scroll?: boolean } }[] = [];
let unbind: () => void;
let assign: ReturnType<typeof spyOn>;

const outdated = (v: boolean) => ({ isOutdated: () => v }) as unknown as UpdateChecker;
const toasts = () => notifyState.toasts.map((t) => `${t.type}:${t.message}`);

beforeEach(() => {
  pushes.length = 0;
  unbind = bindRouter(async (to, opts) => void pushes.push({ to, opts }));
  assign = spyOn(window.location, 'assign').mockImplementation(() => {});
  document.documentElement.lang = 'en';
});
afterEach(() => {
  unbind();
  bindUpdateChecker(null);
  assign.mockRestore();
  for (const t of [...notifyState.toasts]) closeToast(t.id);
});

describe('navigate()', () => {
  test('follows a route rule and pushes the final target through the router', async () => {
    await navigate('/user/account?tab=1');
    expect(pushes).toEqual([{ to: '/user/account/overview?tab=1', opts: { scroll: false } }]);
  });
  test('an unknown route shows "Page Not Found: {fullPath}" and does not navigate', async () => {
    await navigate('/no/such?x=1');
    expect(pushes).toEqual([]);
    expect(toasts()).toEqual(['error:Page Not Found: /no/such?x=1']);
  });
  test('after a newer build was reported, the next navigation is a full page load', async () => {
    bindUpdateChecker(outdated(true));
    await navigate('/offer');
    expect(pushes).toEqual([]);
    expect(assign).toHaveBeenCalledWith('/offer');
  });
  test('external URLs only with the explicit option, then a full page load', async () => {
    await navigate('https://elsewhere.example/');
    expect(assign).not.toHaveBeenCalled();
    expect(toasts()[0]).toStartWith('error:Navigation refused');
    await navigate('https://elsewhere.example/', { external: true });
    expect(assign).toHaveBeenCalledWith('https://elsewhere.example/');
  });
  test('a hash target: Waku does not scroll, we scroll smoothly after paint', async () => {
    const el = document.createElement('div');
    el.id = 'part';
    document.body.append(el);
    const smooth = mock(() => {});
    el.scrollIntoView = smooth as unknown as typeof el.scrollIntoView;
    await navigate('/offer#part');
    expect(pushes).toEqual([{ to: '/offer#part', opts: { scroll: false } }]);
    expect(smooth).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    el.remove();
  });
  test('no hash: back to the top', () => {
    const top = spyOn(window, 'scrollTo').mockImplementation(() => {});
    scrollAfterNavigation('');
    expect(top).toHaveBeenCalledWith({ top: 0, left: 0 });
    top.mockRestore();
  });
});

describe('<a data-nav> clicks (the delegated listener)', () => {
  let removeListener: () => void;
  beforeEach(() => {
    removeListener = installNavAnchors(document);
  });
  afterEach(() => {
    removeListener();
    document.body.innerHTML = '';
  });
  /** Clicks an in-app link to `href`; returns the event. */
  const clickLink = (href: string, init: MouseEventInit = {}) => {
    const a = document.createElement('a');
    a.href = href;
    a.dataset.nav = '';
    document.body.append(a);
    const e = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
    a.dispatchEvent(e);
    return e;
  };
  // Until the navigation is over (it waits up to PAINT_WAIT_MS for paint), so no bar is left running.
  const settle = () => Bun.sleep(PAINT_WAIT_MS + 20);

  test('a plain in-app link is a client navigation', async () => {
    const e = clickLink('/offer');
    expect(e.defaultPrevented).toBe(true);
    await settle();
    expect(pushes[0]?.to).toBe('/offer');
  });
  test('a rule redirect goes to the rule target', async () => {
    clickLink('/member');
    await settle();
    expect(pushes[0]?.to).toBe('/user');
  });
  test('zh-cn: an invalid target shows the translated message', async () => {
    document.documentElement.lang = 'zh-cn';
    expect(clickLink('/nope').defaultPrevented).toBe(true);
    await settle();
    expect(pushes).toEqual([]);
    expect(toasts()).toEqual(['error:页面不存在：/nope']);
  });
  test('outdated build: the click becomes a full page load', async () => {
    bindUpdateChecker(outdated(true));
    clickLink('/offer');
    await settle();
    expect(assign).toHaveBeenCalledWith('/offer');
  });
  test('modified clicks (new tab) are left to the browser', () => {
    const e = clickLink('/nope', { ctrlKey: true });
    expect(e.defaultPrevented).toBe(false);
    expect(toasts()).toEqual([]);
  });
});
