import { afterEach, beforeEach, expect, jest, test } from 'bun:test';
import NProgress from 'nprogress';
import { doneProgress, resetProgress, startProgress } from './progress';

const bar = () => document.querySelector<HTMLElement>('#nprogress > .bar');
/** The bar's offset in %: nprogress moves it by transform, or by margin-left where it finds no transforms (happy-dom). */
const position = () => {
  const style = bar()?.style;
  if (style?.marginLeft) return Number.parseFloat(style.marginLeft);
  return Number(/translate(?:3d)?\((-?[\d.]+)%/.exec(style?.transform ?? '')?.[1]);
};

beforeEach(() => {
  jest.useFakeTimers();
  NProgress.settings.positionUsing = '';
});
afterEach(() => {
  resetProgress();
  jest.useRealTimers();
});

test("nprogress with spec §9's settings: minimum 0.08, 200 ms, trickle 0.02 every 800 ms, no spinner", () => {
  expect(NProgress.settings).toMatchObject({ minimum: 0.08, speed: 200, trickleSpeed: 800, showSpinner: false });
  expect((NProgress.settings as unknown as { trickleRate: number }).trickleRate).toBe(0.02);
});

test('starts at 8 %, trickles while navigating, fills and goes away', () => {
  startProgress();
  jest.advanceTimersByTime(1);
  expect(bar()?.querySelector('.peg')).not.toBeNull();
  expect(document.querySelector('#nprogress .spinner')).toBeNull();
  expect(position()).toBeCloseTo(-92);
  jest.advanceTimersByTime(800 * 3 + 200 * 3);
  expect(position()).toBeGreaterThan(-92);
  expect(position()).toBeLessThan(0);
  doneProgress();
  jest.advanceTimersByTime(1);
  expect(position()).toBe(0);
  jest.advanceTimersByTime(1000);
  expect(document.querySelector('#nprogress')).toBeNull();
});

test('overlapping navigations share one bar, which completes with the last', () => {
  startProgress();
  startProgress();
  jest.advanceTimersByTime(1);
  expect(document.querySelectorAll('#nprogress').length).toBe(1);
  doneProgress();
  jest.advanceTimersByTime(1);
  expect(position()).toBeLessThan(0);
  doneProgress();
  jest.advanceTimersByTime(1);
  expect(position()).toBe(0);
});
