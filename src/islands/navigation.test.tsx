import { afterEach, describe, expect, mock, test } from 'bun:test';
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
