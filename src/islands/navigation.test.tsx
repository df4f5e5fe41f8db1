import { afterAll, afterEach, beforeAll, describe, expect, mock, test } from 'bun:test';
import { cleanup, fireEvent, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { closeToast, notifyState } from '~/lib/notify';
import type { MenuItem } from '~/lib/types';

// Waku's router needs its RSC root; a plain <a> stands in for <Link> here.
mock.module('waku/router/client', () => ({
  Link: ({ to, children, onClick, ...rest }: { to: string; children: ReactNode; onClick?: (e: unknown) => void }) => (
    <a href={to} onClick={onClick} {...rest}>
      {children}
    </a>
  ),
  useNavigationStatus_UNSTABLE: () => ({}),
  useRouter: () => ({ path: '/', push: async () => {} }),
}));
const { MenuLink } = await import('~/components/menu-link');
const { bindRouter, installNavAnchors, markCurrentAnchors } = await import('~/lib/navigation/browser');

// Server-rendered menu links are served by the page's one delegated listener (ClientRuntime installs it).
let removeListener: () => void;
const pushed: string[] = [];
beforeAll(() => {
  removeListener = installNavAnchors(document);
  bindRouter(async (to) => {
    pushed.push(to);
  });
});
afterAll(() => removeListener());

afterEach(() => {
  cleanup();
  for (const t of [...notifyState.toasts]) closeToast(t.id);
});

const item = (menuType: string, href: string): MenuItem =>
  ({ id: 1, name: 'x', title: 'Entry', icon: '', type: 'menu', menuType, href, children: [] }) as unknown as MenuItem;

describe('MenuLink', () => {
  test('link opens a new tab safely', () => {
    const a = render(<MenuLink item={item('link', 'https://example.com/doc')} />).container.querySelector('a')!;
    expect(a.getAttribute('target')).toBe('_blank');
    expect(a.getAttribute('rel')).toBe('noopener noreferrer');
    expect(a.getAttribute('href')).toBe('https://example.com/doc');
  });
  test('iframe and tab stay in the app', () => {
    const href = `/user/iframe/${encodeURIComponent('https://example.com/x')}`;
    expect(
      render(<MenuLink item={item('iframe', href)} />)
        .container.querySelector('a')!
        .getAttribute('href'),
    ).toBe(href);
    expect(render(<MenuLink item={item('tab', '/user/claim/list')} />).container.querySelectorAll('a[target]')).toHaveLength(0);
  });
  test('an unknown type shows the error toast and does not navigate', () => {
    document.documentElement.lang = 'en';
    const a = render(<MenuLink item={item('popup', '/user/claim/list')} />).container.querySelector('a')!;
    const ev = new MouseEvent('click', { bubbles: true, cancelable: true });
    fireEvent(a, ev);
    expect(ev.defaultPrevented).toBe(true);
    expect(notifyState.toasts.map((t) => [t.type, t.message])).toEqual([['error', 'Navigation failed, the menu type is unrecognized!']]);
    document.documentElement.lang = 'zh-cn';
    fireEvent.click(a);
    expect(notifyState.toasts.at(-1)?.message).toBe('导航失败，菜单类型无法识别！');
  });
});

describe('server-rendered a[data-nav] links', () => {
  test('a click navigates in the app; modified clicks and new-tab links are left to the browser', async () => {
    pushed.length = 0;
    const view = render(
      <div>
        <MenuLink item={item('tab', '/user/claim/list')} />
        <MenuLink item={item('link', 'https://example.com/doc')} />
      </div>,
    );
    const [inApp, external] = [...view.container.querySelectorAll('a')] as HTMLAnchorElement[];
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    fireEvent(inApp!, click);
    expect(click.defaultPrevented).toBe(true);
    await new Promise((r) => setTimeout(r, 150));
    expect(pushed).toEqual(['/user/claim/list']);
    const withCtrl = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ctrlKey: true });
    fireEvent(inApp!, withCtrl);
    expect(withCtrl.defaultPrevented).toBe(false);
    // Registered after the page's listener, so it sees what that one did; then it stops happy-dom opening the tab.
    let leftToBrowser = false;
    const after = (e: Event) => {
      leftToBrowser = !e.defaultPrevented;
      e.preventDefault();
    };
    document.addEventListener('click', after);
    fireEvent(external!, new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
    document.removeEventListener('click', after);
    expect(leftToBrowser).toBe(true);
    expect(pushed).toEqual(['/user/claim/list']);
  });

  test('aria-current follows the path: exact by default, prefix and none by their data-nav value', () => {
    const { container } = render(
      <nav>
        <a href="/user/order/guzhu" data-nav="">
          list
        </a>
        <a href="/user/order" data-nav="prefix">
          area
        </a>
        <a href="/user/order/guzhu" data-nav="none">
          row
        </a>
      </nav>,
    );
    markCurrentAnchors(document, '/user/order/guzhu');
    expect([...container.querySelectorAll('a')].map((a) => a.getAttribute('aria-current'))).toEqual(['page', 'page', null]);
    markCurrentAnchors(document, '/user/claim/list');
    expect(container.querySelectorAll('a[aria-current]')).toHaveLength(0);
  });
});
