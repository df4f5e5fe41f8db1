import { afterEach, beforeEach, describe, expect, jest, test } from 'bun:test';
import { startPlainPage } from '.';

let stop: () => void = () => {};
beforeEach(() => {
  document.head.innerHTML =
    '<meta name="portal-page" content="plain" data-texts=\'{"close":"Close","menuTypeUnrecognized":"Navigation failed, the menu type is unrecognized!"}\'>';
  document.body.innerHTML = `
    <details data-autoclose open><summary>Menu</summary><a href="/user" data-nav="">Member centre</a></details>
    <input type="checkbox" data-collapse checked>
    <a href="#" data-nav="" data-menu-type="unknown">Odd entry</a>
    <a href="/offer" id="plain">Quote</a>`;
  delete document.documentElement.dataset.navReady;
});
afterEach(() => {
  stop();
  jest.useRealTimers();
  document.body.innerHTML = '';
});

const click = (el: Element) => {
  const ev = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
  el.dispatchEvent(ev);
  return ev;
};

describe('plain-page script', () => {
  test('marks the page ready and sets the time-zone cookie', () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the test clears the cookie the script sets
    document.cookie = 'ba-tz=; Max-Age=0; Path=/';
    stop = startPlainPage(document);
    expect(document.documentElement.dataset.navReady).toBe('true');
    expect(decodeURIComponent(/(?:^|;\s*)ba-tz=([^;]*)/.exec(document.cookie)?.[1] ?? '')).toBe(
      Intl.DateTimeFormat().resolvedOptions().timeZone,
    );
  });

  test('Escape closes the open dropdown and the drawer; a click outside closes the dropdown', () => {
    stop = startPlainPage(document);
    const details = document.querySelector('details')!;
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(details.open).toBe(false);
    expect(document.querySelector<HTMLInputElement>('input[data-collapse]')!.checked).toBe(false);
    details.open = true;
    click(details.querySelector('a')!);
    expect(details.open).toBe(true);
    click(document.getElementById('plain')!);
    expect(details.open).toBe(false);
  });

  test('an unknown menu type shows the error toast, goes nowhere, and the toast expires after 4500 ms', () => {
    jest.useFakeTimers();
    stop = startPlainPage(document);
    const ev = click(document.querySelector('[data-menu-type="unknown"]')!);
    expect(ev.defaultPrevented).toBe(true);
    const toast = document.querySelector<HTMLElement>('.toast.toast-error[role="alert"]')!;
    expect(toast.textContent).toBe('Navigation failed, the menu type is unrecognized!');
    expect(toast.style.zIndex).toBe('9999');
    expect(toast.querySelector('button')!.getAttribute('aria-label')).toBe('Close');
    expect(click(document.getElementById('plain')!).defaultPrevented).toBe(false);
    jest.advanceTimersByTime(4499);
    expect(toast.isConnected).toBe(true);
    jest.advanceTimersByTime(1);
    expect(toast.isConnected).toBe(false);
  });

  test('hovering pauses the toast; its close button removes it', () => {
    jest.useFakeTimers();
    stop = startPlainPage(document);
    click(document.querySelector('[data-menu-type="unknown"]')!);
    const toast = document.querySelector<HTMLElement>('.toast')!;
    toast.dispatchEvent(new MouseEvent('mouseenter'));
    jest.advanceTimersByTime(10_000);
    expect(toast.isConnected).toBe(true);
    toast.dispatchEvent(new MouseEvent('mouseleave'));
    click(toast.querySelector('button')!);
    expect(toast.isConnected).toBe(false);
  });
});
