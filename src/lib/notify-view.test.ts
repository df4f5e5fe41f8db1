import { afterEach, beforeEach, describe, expect, jest, test } from 'bun:test';
import { closeToast, loading, notify, notifyState, resetNotify } from './notify';
import { mountNotifications } from './notify-view';

let stop: () => void = () => {};
beforeEach(() => {
  resetNotify();
  document.body.innerHTML = '';
  document.documentElement.lang = 'en';
});
afterEach(() => {
  stop();
  stop = () => {};
  jest.useRealTimers();
  resetNotify();
  document.body.innerHTML = '';
});

const toasts = () => [...document.querySelectorAll<HTMLElement>('.toast')];
const mask = () => document.querySelector<HTMLElement>('.loading-mask');

describe('toasts', () => {
  test('errors are role=alert at z-index 9999, others role=status from 2000 up, each its own layer', () => {
    stop = mountNotifications(document);
    notify({ type: 'success', message: 'Saved' });
    notify({ type: 'error', message: 'Service unavailable!' });
    notify({ type: 'info', message: 'FYI' });
    notify({ type: 'warning', message: 'Careful' });
    const shown = toasts();
    expect(shown.map((t) => t.getAttribute('role'))).toEqual(['status', 'alert', 'status', 'status']);
    expect(shown.map((t) => t.getAttribute('aria-live'))).toEqual(['polite', 'assertive', 'polite', 'polite']);
    expect(shown.map((t) => t.style.zIndex)).toEqual(['2000', '9999', '2001', '2002']);
    expect(shown.map((t) => t.className)).toEqual(['toast toast-success', 'toast toast-error', 'toast toast-info', 'toast toast-warning']);
    expect(shown.map((t) => t.querySelector('.toast-message')?.textContent)).toEqual(['Saved', 'Service unavailable!', 'FYI', 'Careful']);
    expect(shown.every((t) => t.parentElement === document.body)).toBe(true);
  });

  test('a message is text, never markup', () => {
    stop = mountNotifications(document);
    notify.error('<img src=x onerror=alert(1)>');
    expect(toasts()[0].querySelector('img')).toBeNull();
    expect(toasts()[0].querySelector('.toast-message')?.textContent).toBe('<img src=x onerror=alert(1)>');
  });

  test('stacked from 16 px down, 16 px between toasts, again after one closes and on resize', () => {
    stop = mountNotifications(document);
    const a = notify.info('a');
    notify.info('b');
    // happy-dom has no layout (heights 0): 16, then 16 + 0 + 16.
    expect(toasts().map((t) => t.style.top)).toEqual(['16px', '32px']);
    notify.info('c');
    // Give the toasts the heights a browser would measure; a resize places them again.
    const heights = [40, 56, 30];
    toasts().forEach((t, i) => {
      Object.defineProperty(t, 'offsetHeight', { value: heights[i], configurable: true });
    });
    window.dispatchEvent(new Event('resize'));
    expect(toasts().map((t) => t.style.top)).toEqual(['16px', `${16 + 40 + 16}px`, `${16 + 40 + 16 + 56 + 16}px`]);
    closeToast(a);
    expect(toasts().map((t) => t.textContent)).toEqual(['b', 'c']);
    expect(toasts().map((t) => t.style.top)).toEqual(['16px', `${16 + 56 + 16}px`]);
  });

  test('a toast goes away after 4500 ms; one raised before mounting is shown too', () => {
    jest.useFakeTimers();
    notify.success('early');
    stop = mountNotifications(document);
    expect(toasts().map((t) => t.textContent)).toEqual(['early']);
    jest.advanceTimersByTime(4499);
    expect(toasts()).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(toasts()).toHaveLength(0);
  });

  test('the close button is labelled in the page language and closes its toast', () => {
    document.documentElement.lang = 'zh-cn';
    stop = mountNotifications(document);
    notify.error('出错了');
    notify.info('留下');
    const button = toasts()[0].querySelector('button')!;
    expect([button.type, button.getAttribute('aria-label'), button.title]).toEqual(['button', '关闭', '关闭']);
    expect(button.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    button.click();
    expect(toasts().map((t) => t.textContent)).toEqual(['留下']);
    expect(notifyState.toasts.map((t) => t.message)).toEqual(['留下']);
    document.documentElement.lang = 'en';
    notify.info('next');
    expect(toasts()[1].querySelector('button')!.getAttribute('aria-label')).toBe('Close');
  });

  test('pointer over a toast pauses its countdown; leaving resumes it', () => {
    jest.useFakeTimers();
    stop = mountNotifications(document);
    notify.info('stay');
    const toast = toasts()[0];
    toast.dispatchEvent(new MouseEvent('mouseenter'));
    jest.advanceTimersByTime(10_000);
    expect(toast.isConnected).toBe(true);
    toast.dispatchEvent(new MouseEvent('mouseleave'));
    jest.advanceTimersByTime(4500);
    expect(toast.isConnected).toBe(false);
  });

  test('focus inside a toast pauses it until focus leaves the toast', () => {
    jest.useFakeTimers();
    stop = mountNotifications(document);
    notify.info('focus me');
    const toast = toasts()[0];
    const button = toast.querySelector('button')!;
    const outside = document.createElement('button');
    document.body.append(outside);
    toast.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    // Focus moving between elements of the toast keeps it.
    toast.dispatchEvent(new FocusEvent('focusout', { bubbles: true, relatedTarget: button }));
    jest.advanceTimersByTime(10_000);
    expect(toast.isConnected).toBe(true);
    toast.dispatchEvent(new FocusEvent('focusout', { bubbles: true, relatedTarget: outside }));
    jest.advanceTimersByTime(4500);
    expect(toast.isConnected).toBe(false);
  });

  test('the stop function takes the toasts away and renders nothing more', () => {
    stop = mountNotifications(document);
    notify.info('a');
    stop();
    stop = () => {};
    expect(toasts()).toHaveLength(0);
    notify.info('b');
    expect(toasts()).toHaveLength(0);
  });
});

describe('loading indicator', () => {
  test('a busy status with the translated text, one for overlapping openers, fading out over 400 ms', () => {
    jest.useFakeTimers();
    document.documentElement.lang = 'zh-cn';
    stop = mountNotifications(document);
    expect(mask()).toBeNull();
    loading.open();
    loading.open();
    expect(document.querySelectorAll('.loading-mask')).toHaveLength(1);
    expect([mask()?.getAttribute('role'), mask()?.getAttribute('aria-live'), mask()?.getAttribute('aria-busy')]).toEqual([
      'status',
      'polite',
      'true',
    ]);
    expect(mask()?.textContent).toBe('加载中...');
    expect(mask()?.style.zIndex).toBe('2000');
    loading.close();
    expect(mask()?.classList.contains('is-leaving')).toBe(false);
    loading.close();
    expect(mask()?.className).toBe('loading-mask is-leaving');
    expect(mask()?.getAttribute('aria-busy')).toBe('false');
    jest.advanceTimersByTime(399);
    expect(mask()).not.toBeNull();
    jest.advanceTimersByTime(1);
    expect(mask()).toBeNull();
  });

  test('opening again during the fade keeps the same indicator, busy again', () => {
    jest.useFakeTimers();
    stop = mountNotifications(document);
    loading.open();
    const first = mask();
    loading.close();
    expect(first?.classList.contains('is-leaving')).toBe(true);
    loading.open();
    expect(mask()).toBe(first);
    expect([first?.className, first?.getAttribute('aria-busy')]).toEqual(['loading-mask', 'true']);
    jest.advanceTimersByTime(1000);
    expect(mask()).toBe(first);
    expect(first?.textContent).toBe('Loading...');
  });
});
