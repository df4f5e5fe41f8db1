import { afterEach, beforeEach, describe, expect, mock, spyOn, test } from 'bun:test';
import { notify, notifyState, resetNotify } from '~/lib/notify';
import { CARRIED_TOASTS_KEY } from './bindings';
import {
  carryToasts,
  currentNavigationTarget,
  documentLoad,
  installNavAnchors,
  navigate,
  refreshPage,
  resetProgress,
  restoreCarriedToasts,
  scrollAfterNavigation,
  settleOnPageShow,
} from './browser';

let assign: ReturnType<typeof spyOn<typeof documentLoad, 'assign'>>;
let reload: ReturnType<typeof spyOn<typeof documentLoad, 'reload'>>;

const toasts = () => notifyState.toasts.map((t) => `${t.type}:${t.message}`);
const bar = () => document.getElementById('nprogress');

beforeEach(() => {
  assign = spyOn(documentLoad, 'assign').mockImplementation(() => {});
  reload = spyOn(documentLoad, 'reload').mockImplementation(() => {});
  document.documentElement.lang = 'en';
  history.replaceState(null, '', '/user/account/overview');
  sessionStorage.clear();
  resetNotify();
});
afterEach(() => {
  assign.mockRestore();
  reload.mockRestore();
  resetProgress();
  resetNotify();
  sessionStorage.clear();
  document.body.innerHTML = '';
});

describe('navigate()', () => {
  test('a known page: the progress bar starts, then the next document loads', async () => {
    await navigate('/offer?x=1');
    expect(assign.mock.calls).toEqual([['/offer?x=1']]);
    expect(bar()).not.toBeNull();
    expect(currentNavigationTarget()).toBe('/offer?x=1');
    expect(reload).not.toHaveBeenCalled();
  });

  test('a route rule is followed before loading: the final target is the one loaded', async () => {
    await navigate('/user/account?tab=1');
    expect(assign.mock.calls).toEqual([['/user/account/overview?tab=1']]);
    await navigate('/member/order/guzhu');
    expect(assign.mock.calls.at(-1)).toEqual(['/user/order/guzhu']);
  });

  test('an unknown route shows "Page Not Found: {fullPath}" and loads nothing', async () => {
    await navigate('/no/such?x=1');
    expect(assign).not.toHaveBeenCalled();
    expect(bar()).toBeNull();
    expect(toasts()).toEqual(['error:Page Not Found: /no/such?x=1']);
    document.documentElement.lang = 'zh-cn';
    await navigate('/nope');
    expect(toasts().at(-1)).toBe('error:页面不存在：/nope');
  });

  test('external URLs only with the explicit option, then a full page load without the bar', async () => {
    await navigate('https://elsewhere.example/');
    expect(assign).not.toHaveBeenCalled();
    expect(toasts()[0]).toStartWith('error:Navigation refused');
    await navigate('https://elsewhere.example/', { external: true });
    expect(assign.mock.calls).toEqual([['https://elsewhere.example/']]);
    await navigate('javascript:alert(1)', { external: true });
    expect(assign).toHaveBeenCalledTimes(1);
  });

  test('a #hash on the same page scrolls there smoothly, without a page load', async () => {
    history.replaceState(null, '', '/offer?plan=2');
    const el = document.createElement('div');
    el.id = 'part';
    document.body.append(el);
    const smooth = mock(() => {});
    el.scrollIntoView = smooth as unknown as typeof el.scrollIntoView;
    await navigate('/offer?plan=2#part');
    expect(assign).not.toHaveBeenCalled();
    expect(bar()).toBeNull();
    expect(smooth).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    expect(`${location.pathname}${location.search}${location.hash}`).toBe('/offer?plan=2#part');
  });

  test('a #hash on another page (or another query) is a page load', async () => {
    history.replaceState(null, '', '/offer?plan=2');
    await navigate('/offer?plan=3#part');
    await navigate('/product#part');
    expect(assign.mock.calls).toEqual([['/offer?plan=3#part'], ['/product#part']]);
  });

  test('no hash: back to the top', () => {
    const top = spyOn(window, 'scrollTo').mockImplementation(() => {});
    scrollAfterNavigation('');
    expect(top).toHaveBeenCalledWith({ top: 0, left: 0 });
    top.mockRestore();
  });

  test('toasts on screen go along to the next document', async () => {
    notify.success('Saved');
    await navigate('/offer');
    expect(JSON.parse(sessionStorage.getItem(CARRIED_TOASTS_KEY) ?? 'null')).toEqual([{ type: 'success', message: 'Saved' }]);
  });
});

describe('settleOnPageShow()', () => {
  const show = (persisted: boolean) => window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted }));

  test('back from the back-forward cache: the bar and the navigation in flight are gone', async () => {
    const stop = settleOnPageShow(window);
    await navigate('/offer');
    show(false);
    expect(bar()).not.toBeNull();
    expect(currentNavigationTarget()).toBe('/offer');
    show(true);
    expect(bar()).toBeNull();
    expect(currentNavigationTarget()).toBeNull();
    stop();
  });
});

describe('refreshPage()', () => {
  test('carries the toasts, shows the bar and loads the page again', async () => {
    notify.success('Endorsement saved');
    await refreshPage();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(assign).not.toHaveBeenCalled();
    expect(bar()).not.toBeNull();
    expect(JSON.parse(sessionStorage.getItem(CARRIED_TOASTS_KEY) ?? 'null')).toEqual([{ type: 'success', message: 'Endorsement saved' }]);
  });
});

describe('toasts carried over a page load', () => {
  test('carryToasts then restoreCarriedToasts shows the same toasts once on the next page', () => {
    notify.success('Saved');
    notify.error('But the mail failed');
    carryToasts();
    resetNotify(); // the next document starts with an empty store
    restoreCarriedToasts();
    expect(toasts()).toEqual(['success:Saved', 'error:But the mail failed']);
    expect(sessionStorage.getItem(CARRIED_TOASTS_KEY)).toBeNull();
    resetNotify();
    restoreCarriedToasts();
    expect(toasts()).toEqual([]);
  });

  test('nothing on screen, nothing stored', () => {
    carryToasts();
    expect(sessionStorage.getItem(CARRIED_TOASTS_KEY)).toBeNull();
  });

  test('at most five come back; damaged entries are dropped; storage errors are no errors', () => {
    sessionStorage.setItem(CARRIED_TOASTS_KEY, JSON.stringify(Array.from({ length: 8 }, (_, i) => ({ type: 'info', message: `m${i}` }))));
    restoreCarriedToasts();
    expect(toasts()).toEqual(['info:m0', 'info:m1', 'info:m2', 'info:m3', 'info:m4']);
    resetNotify();
    sessionStorage.setItem(CARRIED_TOASTS_KEY, '{not json');
    restoreCarriedToasts();
    sessionStorage.setItem(CARRIED_TOASTS_KEY, JSON.stringify([{ type: 'info' }, null, { type: 'warning', message: 'kept' }]));
    restoreCarriedToasts();
    expect(toasts()).toEqual(['warning:kept']);
    notify.info('x');
    const refusing = {
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      removeItem: () => {},
    };
    expect(() => carryToasts(refusing)).not.toThrow();
    expect(() => restoreCarriedToasts(refusing)).not.toThrow();
    expect(() => carryToasts(null)).not.toThrow();
  });
});

describe('<a data-nav> clicks (the delegated listener)', () => {
  let removeListener: () => void;
  /** Whether the last click was left to the browser (seen after the page's listener). */
  let leftToBrowser: boolean | undefined;
  // Registered after the page's listener, so it sees what that one did; then it stops happy-dom following the link.
  const after = (e: Event) => {
    leftToBrowser = !e.defaultPrevented;
    e.preventDefault();
  };
  beforeEach(() => {
    removeListener = installNavAnchors(document);
    document.addEventListener('click', after);
    leftToBrowser = undefined;
  });
  afterEach(() => {
    removeListener();
    document.removeEventListener('click', after);
  });

  /** Clicks `el` (or a link to `href` with the given attributes); returns whether the browser was left to follow it. */
  const clickLink = (href: string, attrs: Record<string, string> = { 'data-nav': '' }, init: MouseEventInit = {}) => {
    const a = document.createElement('a');
    a.setAttribute('href', href);
    for (const [k, v] of Object.entries(attrs)) a.setAttribute(k, v);
    a.textContent = 'link';
    document.body.append(a);
    a.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init }));
    return leftToBrowser;
  };
  const settle = () => Bun.sleep(0);

  test('an in-app link runs the checks and loads the next page with the bar', async () => {
    expect(clickLink('/offer')).toBe(false);
    await settle();
    expect(assign.mock.calls).toEqual([['/offer']]);
    expect(bar()).not.toBeNull();
  });

  test('a click on an element inside the link counts', async () => {
    const a = document.createElement('a');
    a.setAttribute('href', '/member');
    a.dataset.nav = 'prefix';
    a.innerHTML = '<span><svg></svg>Member</span>';
    document.body.append(a);
    a.querySelector('span')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
    expect(leftToBrowser).toBe(false);
    await settle();
    expect(assign.mock.calls).toEqual([['/user']]);
  });

  test('zh-cn: an invalid target shows the translated message and goes nowhere', async () => {
    document.documentElement.lang = 'zh-cn';
    expect(clickLink('/nope')).toBe(false);
    await settle();
    expect(assign).not.toHaveBeenCalled();
    expect(toasts()).toEqual(['error:页面不存在：/nope']);
  });

  test('an entry of an unknown menu type shows its message and goes nowhere', async () => {
    expect(clickLink('#', { 'data-nav': '', 'data-menu-type': 'unknown' })).toBe(false);
    await settle();
    expect(assign).not.toHaveBeenCalled();
    expect(toasts()).toEqual(['error:Navigation failed, the menu type is unrecognized!']);
  });

  test('modified clicks, new-tab and download links and plain links are left to the browser', async () => {
    const left = [
      clickLink('/nope', { 'data-nav': '' }, { ctrlKey: true }),
      clickLink('/nope', { 'data-nav': '' }, { metaKey: true }),
      clickLink('/nope', { 'data-nav': '' }, { shiftKey: true }),
      clickLink('/nope', { 'data-nav': '' }, { button: 1 }),
      clickLink('/nope', { 'data-nav': '', target: '_blank' }),
      clickLink('/nope', { 'data-nav': '', download: '' }),
      clickLink('/nope', {}),
    ];
    expect(left).toEqual([true, true, true, true, true, true, true]);
    await settle();
    expect(toasts()).toEqual([]);
    expect(assign).not.toHaveBeenCalled();
  });

  test('after the listener is removed links are ordinary links', async () => {
    removeListener();
    removeListener = () => {};
    expect(clickLink('/nope')).toBe(true);
    await settle();
    expect(toasts()).toEqual([]);
  });
});
