import { afterEach, beforeEach, describe, expect, mock, spyOn, test } from 'bun:test';
import { notifyState, closeToast } from '~/lib/notify';
import { bindRouter, bindUpdateChecker, handleLinkClick, navigate, scrollAfterNavigation } from './browser';
import type { UpdateChecker } from './update-check';

const pushes: { to: string; opts?: { scroll?: boolean } }[] = [];
let unbind: () => void;
let assign: ReturnType<typeof spyOn>;

function click(init: Partial<MouseEvent> = {}) {
  let prevented = false;
  return {
    button: 0,
    metaKey: false,
    altKey: false,
    ctrlKey: false,
    shiftKey: false,
    get defaultPrevented() {
      return prevented;
    },
    preventDefault: () => {
      prevented = true;
    },
    ...init,
  } as unknown as MouseEvent;
}

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
    expect(pushes).toEqual([{ to: '/user/account/overview?tab=1', opts: undefined }]);
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

describe('NavLink clicks', () => {
  test('a plain in-app link is left to Waku <Link>', () => {
    const e = click();
    expect(handleLinkClick('/offer', e)).toBe(true);
    expect(e.defaultPrevented).toBe(false);
  });
  test('a rule redirect is taken over', async () => {
    const e = click();
    expect(handleLinkClick('/member', e)).toBe(false);
    expect(e.defaultPrevented).toBe(true);
    await new Promise((r) => setTimeout(r, 0));
    expect(pushes[0]?.to).toBe('/user');
  });
  test('zh-cn: an invalid target shows the translated message', () => {
    document.documentElement.lang = 'zh-cn';
    const e = click();
    handleLinkClick('/nope', e);
    expect(e.defaultPrevented).toBe(true);
    expect(toasts()).toEqual(['error:页面不存在：/nope']);
  });
  test('outdated build: the click becomes a full page load', () => {
    bindUpdateChecker(outdated(true));
    const e = click();
    handleLinkClick('/offer', e);
    expect(e.defaultPrevented).toBe(true);
    expect(assign).toHaveBeenCalledWith('/offer');
  });
  test('modified clicks (new tab) are left to the browser', () => {
    const e = click({ ctrlKey: true });
    expect(handleLinkClick('/nope', e)).toBe(true);
    expect(e.defaultPrevented).toBe(false);
  });
});
