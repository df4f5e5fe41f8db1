import { expect, test } from 'bun:test';
import { truthy } from '~/lib/schema';
import { parseNestedQuery } from './query';

test('nested name[key] objects and name[] lists', () => {
  const q = parseNestedQuery(new URLSearchParams('a=1&filter[status]=paid&filter[range][from]=2&tags[]=x&tags[]=y&plain=2&plain=3'));
  expect(q).toEqual({ a: '1', filter: { status: 'paid', range: { from: '2' } }, tags: ['x', 'y'], plain: '3' });
});

test('prototype keys are ignored', () => {
  const q = parseNestedQuery(new URLSearchParams('__proto__[polluted]=1&a[__proto__][b]=2'));
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(q.a).toEqual({});
});

test('truthy', () => {
  for (const v of [1, '1', 'true', 'on', true]) expect(truthy(v)).toBe(true);
  for (const v of [0, '0', '', 'false', undefined, null]) expect(truthy(v)).toBe(false);
});
