import { expect, test } from 'bun:test';
import { ORDER_STATUSES } from '../schemas';
import { ORDER_STEPS, orderStepAt } from './steps';

test('each order status stands at its step; cancelled, refused and surrendered end after the step reached', () => {
  const at = Object.fromEntries(ORDER_STATUSES.map((s) => [s, orderStepAt(s)]));
  const key = (s: (typeof ORDER_STATUSES)[number]) => ORDER_STEPS[at[s]?.current ?? -1]?.key;
  expect(ORDER_STATUSES.map((s) => [s, key(s), at[s]?.failed])).toEqual([
    ['unpaid', 'created', false],
    ['paid', 'paid', false],
    ['underwriting', 'underwriting', false],
    ['effective', 'issued', false],
    ['expired', 'ended', false],
    ['cancelled', 'created', true],
    ['refused', 'underwriting', true],
    ['surrendered', 'issued', true],
  ]);
  expect(at.expired?.complete).toBe(true);
});
