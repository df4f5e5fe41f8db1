import { afterEach, beforeEach, expect, jest, test } from 'bun:test';
import { doneProgress, startProgress } from './progress';

const bar = () => document.querySelector<HTMLElement>('#nprogress > .bar');
const position = () => Number(/translate3d\((-?[\d.]+)%/.exec(bar()?.style.transform ?? '')?.[1]);

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  while (document.querySelector('#nprogress')) {
    doneProgress();
    jest.advanceTimersByTime(1000);
  }
  jest.useRealTimers();
});

test('starts at 8 %, trickles below 99.4 % while navigating, fills, fades and goes away', () => {
  startProgress();
  expect(bar()?.querySelector('.peg')).not.toBeNull();
  expect(position()).toBeCloseTo(-92);
  jest.advanceTimersByTime(800 * 3);
  expect(position()).toBeGreaterThan(-92);
  expect(position()).toBeLessThanOrEqual(-92 + 3 * 2);
  doneProgress();
  expect(position()).toBe(0);
  jest.advanceTimersByTime(200);
  expect(document.querySelector<HTMLElement>('#nprogress')?.style.opacity).toBe('0');
  jest.advanceTimersByTime(200);
  expect(document.querySelector('#nprogress')).toBeNull();
});

test('overlapping navigations share one bar, which completes with the last', () => {
  startProgress();
  startProgress();
  expect(document.querySelectorAll('#nprogress').length).toBe(1);
  doneProgress();
  expect(position()).toBeLessThan(0);
  doneProgress();
  expect(position()).toBe(0);
});

test('a navigation that starts while the bar fades out keeps it', () => {
  startProgress();
  doneProgress();
  jest.advanceTimersByTime(300);
  startProgress();
  jest.advanceTimersByTime(1000);
  expect(document.querySelector<HTMLElement>('#nprogress')?.style.opacity).toBe('1');
  expect(position()).toBeLessThan(0);
});

test('a bar taken out of the document is put back by the next navigation', () => {
  startProgress();
  document.querySelector('#nprogress')?.remove();
  doneProgress();
  jest.advanceTimersByTime(1000);
  startProgress();
  expect(document.querySelectorAll('#nprogress > .bar')).toHaveLength(1);
});
