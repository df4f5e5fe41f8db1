import { afterEach, beforeEach, describe, expect, jest, test } from 'bun:test';
import {
  BASE_Z_INDEX,
  ERROR_Z_INDEX,
  LOADING_FADE,
  NOTIFY_DURATION,
  closeToast,
  loading,
  notify,
  notifyState,
  pauseToast,
  resetNotify,
  resumeToast,
} from './notify';

beforeEach(() => {
  resetNotify();
  jest.useFakeTimers();
});
afterEach(() => {
  jest.useRealTimers();
  resetNotify();
});

describe('notify', () => {
  test('spec constants', () => {
    expect(NOTIFY_DURATION).toBe(4500);
    expect(BASE_Z_INDEX).toBe(2000);
    expect(ERROR_Z_INDEX).toBe(9999);
    expect(LOADING_FADE).toBe(400);
  });

  test('z-index starts at 2000 and increments; errors sit at 9999', () => {
    notify({ type: 'info', message: 'a' });
    notify({ type: 'success', message: 'b' });
    notify({ type: 'error', message: 'c' });
    notify({ type: 'warning', message: 'd' });
    expect(notifyState.toasts.map((t) => t.zIndex)).toEqual([2000, 2001, 9999, 2002]);
  });

  test('a toast closes itself after 4500 ms', () => {
    notify({ type: 'success', message: 'done' });
    jest.advanceTimersByTime(4499);
    expect(notifyState.toasts.length).toBe(1);
    jest.advanceTimersByTime(1);
    expect(notifyState.toasts.length).toBe(0);
  });

  test('custom duration; 0 stays until closed', () => {
    const a = notify({ message: 'short', duration: 1000 });
    const b = notify({ message: 'sticky', duration: 0 });
    jest.advanceTimersByTime(60_000);
    expect(notifyState.toasts.map((t) => t.id)).toEqual([b]);
    closeToast(b);
    expect(notifyState.toasts.length).toBe(0);
    expect(a).not.toBe(b);
  });

  test('pause keeps it; resume continues with the time left', () => {
    const id = notify.info('hover me');
    jest.advanceTimersByTime(4000);
    pauseToast(id);
    jest.advanceTimersByTime(10_000);
    expect(notifyState.toasts.length).toBe(1);
    resumeToast(id);
    jest.advanceTimersByTime(499);
    expect(notifyState.toasts.length).toBe(1);
    jest.advanceTimersByTime(1);
    expect(notifyState.toasts.length).toBe(0);
  });
});

describe('loading counter', () => {
  test('first open shows, last close fades over 400 ms', () => {
    loading.open();
    loading.open();
    expect(notifyState.loading).toMatchObject({ count: 2, visible: true, leaving: false });
    loading.close();
    expect(notifyState.loading).toMatchObject({ count: 1, visible: true, leaving: false });
    loading.close();
    expect(notifyState.loading).toMatchObject({ count: 0, visible: true, leaving: true });
    jest.advanceTimersByTime(399);
    expect(notifyState.loading.visible).toBe(true);
    jest.advanceTimersByTime(1);
    expect(notifyState.loading).toMatchObject({ count: 0, visible: false, leaving: false });
  });

  test('opening during the fade cancels it; extra closes do not go negative', () => {
    loading.open();
    loading.close();
    jest.advanceTimersByTime(200);
    loading.open();
    jest.advanceTimersByTime(1000);
    expect(notifyState.loading).toMatchObject({ count: 1, visible: true, leaving: false });
    loading.close();
    loading.close();
    expect(loading.count).toBe(0);
  });
});
