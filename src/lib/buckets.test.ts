import { expect, test } from 'bun:test';
import { sumByBucket } from './buckets';

test('amounts land in the bucket that starts at or before them', () => {
  const entries = [
    { at: 100, amount: 5 },
    { at: 199, amount: 1 },
    { at: 200, amount: 7 },
    { at: 350, amount: -2 },
  ];
  expect(sumByBucket(entries, [100, 200, 300])).toEqual([6, 7, -2]);
  expect(sumByBucket([], [0, 10])).toEqual([0, 0]);
});
