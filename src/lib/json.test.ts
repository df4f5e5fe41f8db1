import { expect, test } from 'bun:test';
import { parseJson } from './json';

test('parseJson reads a stored JSON text, or gives the fallback when it does not parse', () => {
  expect(parseJson<{ a: number }[]>('[{"a":1}]', [])).toEqual([{ a: 1 }]);
  expect(parseJson<number[]>('not json', [])).toEqual([]);
  expect(parseJson(undefined, ['x'])).toEqual(['x']);
  // Valid JSON is returned as it is (a stored "null" reads as null, not the fallback).
  expect(parseJson<number[] | null>('null', [])).toBeNull();
});
