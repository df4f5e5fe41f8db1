import { describe, expect, test } from 'bun:test';
import type { Db } from '~/server/db/client';
import { requestMemo } from './request-memo';

const db = {} as Db;
const other = {} as Db;

describe('requestMemo', () => {
  test('one load per scope, database and key; another request loads again', async () => {
    const memo = requestMemo<number, string>();
    let loads = 0;
    const load = async () => `v${++loads}`;
    const request = {};
    expect(await Promise.all([memo(request, db, 1, load), memo(request, db, 1, load)])).toEqual(['v1', 'v1']);
    expect(await memo(request, db, 2, load)).toBe('v2');
    expect(await memo(request, other, 1, load)).toBe('v3');
    expect(await memo({}, db, 1, load)).toBe('v4');
    expect(loads).toBe(4);
  });

  test('a failed load is forgotten: the next caller asks again', async () => {
    const memo = requestMemo<string, number>();
    const request = {};
    await expect(memo(request, db, 'k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await memo(request, db, 'k', async () => 7)).toBe(7);
  });
});
