import { describe, expect, test } from 'bun:test';
import { PageStore, type StoredPage } from './store';

const page = (userId: number, dataVersion: number, bytes = 100): StoredPage => ({
  userId,
  dataVersion,
  status: 200,
  headers: [],
  parts: [`page of ${userId} at ${dataVersion}`],
  bytes,
});

describe('PageStore', () => {
  test('keeps pages up to its byte budget, dropping the least recently used first', () => {
    const store = new PageStore(300);
    store.set('a', page(1, 1));
    store.set('b', page(2, 1));
    store.set('c', page(3, 1));
    expect(store.get('a')?.userId).toBe(1); // a is now the most recently used
    store.set('d', page(4, 1));
    expect(store.get('b')).toBeUndefined();
    expect([store.get('a')?.userId, store.get('c')?.userId, store.get('d')?.userId]).toEqual([1, 3, 4]);
    expect(store.bytes).toBe(300);
  });

  test("a member's newer data version drops that member's older pages, not other members'", () => {
    const store = new PageStore(10_000);
    store.set('1:list', page(1, 5));
    store.set('1:overview', page(1, 5));
    store.set('2:list', page(2, 5));
    store.set('1:list@6', page(1, 6));
    expect(store.get('1:list')).toBeUndefined();
    expect(store.get('1:overview')).toBeUndefined();
    expect(store.get('2:list')?.userId).toBe(2);
    expect(store.size).toBe(2);
    expect(store.bytes).toBe(200);
  });

  test('a page larger than the whole budget is not kept; replacing a key does not count it twice', () => {
    const store = new PageStore(150);
    store.set('big', page(1, 1, 151));
    expect(store.size).toBe(0);
    store.set('k', page(1, 1));
    store.set('k', page(1, 1));
    expect(store.bytes).toBe(100);
    store.delete('k');
    expect([store.size, store.bytes]).toEqual([0, 0]);
  });
});
