import { afterAll, afterEach, beforeAll, describe, expect, spyOn, test } from 'bun:test';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { documentLoad, installNavAnchors, resetProgress } from '~/lib/navigation/browser';
import { notifyState, resetNotify } from '~/lib/notify';
import type { MenuItem } from '~/lib/types';
import { type RequestContext, requestStore } from '~/server/context';
import { MenuLink } from './menu-link';
import { NavAnchor } from '~/ui/nav-anchor';

const item = (menuType: string, href: string): MenuItem =>
  ({ id: 1, name: 'x', title: 'Entry', icon: '', type: 'menu', menuType, href, children: [] }) as unknown as MenuItem;

/** The server's HTML of `el` for a request of `pathname`, as elements of this document. */
function serverMarkup(el: ReactElement, pathname = '/'): HTMLElement {
  const html = requestStore.run({ pathname } as RequestContext, () => renderToString(el));
  document.body.innerHTML = `<div id="root">${html}</div>`;
  return document.getElementById('root')!;
}

// The runtime's one delegated listener serves every server-rendered menu entry.
let removeListener: () => void;
let assign: ReturnType<typeof spyOn<typeof documentLoad, 'assign'>>;
beforeAll(() => {
  removeListener = installNavAnchors(document);
  assign = spyOn(documentLoad, 'assign').mockImplementation(() => {});
});
afterAll(() => {
  removeListener();
  assign.mockRestore();
});
afterEach(() => {
  assign.mockClear();
  resetProgress();
  resetNotify();
  document.body.innerHTML = '';
  document.documentElement.lang = 'zh-cn';
});

/** Clicks `a` as the user would; returns whether the page's listener left it to the browser. */
function click(a: Element): boolean {
  let left = false;
  const after = (e: Event) => {
    left = !e.defaultPrevented;
    e.preventDefault(); // happy-dom would follow the link
  };
  document.addEventListener('click', after);
  a.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
  document.removeEventListener('click', after);
  return left;
}

describe('MenuLink (spec §2)', () => {
  test('link: a new tab, safely; only http(s) and same-site paths', () => {
    const a = serverMarkup(<MenuLink item={item('link', 'https://example.com/doc')} />).querySelector('a')!;
    expect([a.getAttribute('href'), a.getAttribute('target'), a.getAttribute('rel'), a.hasAttribute('data-nav')]).toEqual([
      'https://example.com/doc',
      '_blank',
      'noopener noreferrer',
      false,
    ]);
    expect(click(a)).toBe(true);
    for (const bad of ['javascript:alert(1)', '//evil.example/x', 'data:text/html,x']) {
      expect(
        serverMarkup(<MenuLink item={item('link', bad)} />)
          .querySelector('a')!
          .getAttribute('href'),
      ).toBe('#');
    }
  });

  test('iframe and tab entries are in-app links: the click loads the page through the checks', async () => {
    const href = `/user/iframe/${encodeURIComponent('https://example.com/x')}`;
    const root = serverMarkup(
      <nav>
        <MenuLink item={item('iframe', href)} />
        <MenuLink item={item('tab', '/user/claim/list')} className="side-link">
          <span>Claims</span>
        </MenuLink>
      </nav>,
    );
    const [iframe, tab] = [...root.querySelectorAll('a')];
    expect([iframe.getAttribute('href'), iframe.dataset.nav, iframe.getAttribute('target')]).toEqual([href, '', null]);
    expect([tab.className, tab.textContent]).toEqual(['side-link', 'Claims']);
    expect(click(tab.querySelector('span')!)).toBe(false);
    await Bun.sleep(0);
    expect(assign.mock.calls).toEqual([['/user/claim/list']]);
  });

  test('an unknown type shows the error toast in the page language and goes nowhere', async () => {
    const a = serverMarkup(<MenuLink item={item('popup', '/user/claim/list')} />).querySelector('a')!;
    expect(a.getAttribute('href')).toBe('#');
    document.documentElement.lang = 'en';
    expect(click(a)).toBe(false);
    expect(notifyState.toasts.map((t) => [t.type, t.message])).toEqual([['error', 'Navigation failed, the menu type is unrecognized!']]);
    document.documentElement.lang = 'zh-cn';
    expect(click(a)).toBe(false);
    expect(notifyState.toasts.at(-1)?.message).toBe('导航失败，菜单类型无法识别！');
    await Bun.sleep(0);
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('NavAnchor', () => {
  test('aria-current comes from the server: exact by default, prefix and none by their data-nav value', () => {
    const links = (
      <nav>
        <NavAnchor to="/user/order/guzhu">list</NavAnchor>
        <NavAnchor to="/user/order" match="prefix">
          area
        </NavAnchor>
        <NavAnchor to="/user/order/guzhu" match="none">
          row
        </NavAnchor>
        <NavAnchor to="/" match="prefix">
          home
        </NavAnchor>
      </nav>
    );
    let root = serverMarkup(links, '/user/order/guzhu');
    expect([...root.querySelectorAll('a')].map((a) => [a.dataset.nav, a.getAttribute('aria-current')])).toEqual([
      ['', 'page'],
      ['prefix', 'page'],
      ['none', null],
      ['prefix', null],
    ]);
    root = serverMarkup(links, '/user/claim/list');
    expect(root.querySelectorAll('a[aria-current]')).toHaveLength(0);
    root = serverMarkup(links, '/user/orders');
    expect(root.querySelectorAll('a[aria-current]')).toHaveLength(0);
  });
});
