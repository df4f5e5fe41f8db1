import { describe, expect, test } from 'bun:test';
import * as v from 'valibot';
import { limitField, pageField } from './list';
import { listQuery } from './list-query';

const schema = v.object({
  status: v.optional(v.picklist(['', 'open', 'paid']), ''),
  keyword: v.optional(v.string(), ''),
  page: pageField,
  limit: limitField(10),
});
const codec = listQuery(schema, { status: '', keyword: '', page: 1, limit: 10 });

describe('listQuery', () => {
  test('parses a query string, ignoring the keys asked; an invalid value gives the defaults and ok: false', () => {
    expect(codec.parse('status=paid&page=3&new=1', ['new'])).toEqual({ q: { status: 'paid', keyword: '', page: 3, limit: 10 }, ok: true });
    expect(codec.parse('status=nope')).toEqual({ q: codec.defaults, ok: false });
  });

  test('writes only what differs from the defaults, page last and only past 1', () => {
    const q = { status: 'open', keyword: 'a b', page: 1, limit: 50 };
    expect(codec.toQuery(q)).toBe('status=open&keyword=a+b&limit=50');
    expect(codec.toQuery(codec.defaults, 1)).toBe('');
    expect(codec.href('/x', codec.defaults)).toBe('/x');
    expect(codec.href('/x', q, 2)).toBe('/x?status=open&keyword=a+b&limit=50&page=2');
  });

  test('round trip: parse(toQuery(q)) is q', () => {
    const q = { status: 'paid', keyword: '王', page: 4, limit: 20 };
    expect(codec.parse(codec.toQuery(q, q.page)).q).toEqual(q);
  });
});
