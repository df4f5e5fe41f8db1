import { describe, expect, test } from 'bun:test';
import { domainErrorOf } from '../../../tests/support/domain-error';
import { MAX_BODY_BYTES, nestsDeeperThan, readBody } from './body';

const req = (body: BodyInit | null, type?: string, headers: Record<string, string> = {}) =>
  new Request('http://x/', { method: 'POST', body, headers: { ...(type ? { 'content-type': type } : {}), ...headers } });

/** The status of the DomainError `p` rejects with ('ok' when it resolves). */
const statusOf = async (p: Promise<unknown>): Promise<number | 'ok'> => (await domainErrorOf(p))?.status ?? 'ok';

describe('readBody', () => {
  test('JSON, urlencoded and multipart text fields', async () => {
    expect(await readBody(req('{"a":1,"b":"x"}', 'application/json'))).toEqual({ a: 1, b: 'x' });
    expect(await readBody(req('a=1&b=%E4%BD%A0', 'application/x-www-form-urlencoded'))).toEqual({ a: '1', b: '你' });
    const form = new FormData();
    form.set('account', 'demo');
    form.set('file', new File(['x'], 'x.txt'));
    expect(await readBody(new Request('http://x/', { method: 'POST', body: form }))).toEqual({ account: 'demo' });
    expect(await readBody(req(''))).toEqual({});
    expect(await readBody(req('{"a":2}'))).toEqual({ a: 2 }); // no content type: JSON
  });

  test('broken multipart is 400, never a throw from the parser', async () => {
    const cases: [string, string][] = [
      ['multipart/form-data', 'x'],
      ['multipart/form-data; boundary=abc', '--zzz\r\ncontent-disposition: form-data; name="a"\r\n\r\n1\r\n'],
      ['multipart/form-data; boundary=abc', '--abc\r\ncontent-disposition: form-data; name="a"\r\n\r\n1'],
      ['multipart/form-data; boundary=abc', '{"account":"demo"}'],
    ];
    for (const [type, body] of cases) expect(await statusOf(readBody(req(body, type)))).toBe(400);
    expect(await readBody(req('', 'multipart/form-data'))).toEqual({}); // empty is an empty form
  });

  test('bad JSON, bad UTF-8, deep nesting and non-objects are 400', async () => {
    for (const body of [
      '{',
      '[1,2]',
      '"x"',
      '12',
      `${'['.repeat(30_000)}${']'.repeat(30_000)}`,
      `${'{"a":'.repeat(20)}1${'}'.repeat(20)}`,
    ]) {
      expect(await statusOf(readBody(req(body, 'application/json')))).toBe(400);
    }
    expect(await statusOf(readBody(req(new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]), 'application/json')))).toBe(400);
    expect(await statusOf(readBody(req(new Uint8Array([0x61, 0x3d, 0xc3]), 'application/x-www-form-urlencoded')))).toBe(400);
  });

  test('__proto__ and constructor keys are dropped', async () => {
    const body = await readBody(req('{"__proto__":{"polluted":1},"a":{"constructor":{"x":1},"b":2}}', 'application/json'));
    expect(body).toEqual({ a: { b: 2 } });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(await readBody(req('__proto__=1&a=2', 'application/x-www-form-urlencoded'))).toEqual({ a: '2' });
  });

  test('413 over the limit, by length or by stream; 415 for other types or types the route refuses', async () => {
    expect(await statusOf(readBody(req('x'.repeat(MAX_BODY_BYTES + 1), 'application/json')))).toBe(413);
    const chunks = new ReadableStream({
      pull(ctrl) {
        ctrl.enqueue(new TextEncoder().encode('x'.repeat(16 * 1024)));
      },
    });
    expect(
      await statusOf(readBody(new Request('http://x/', { method: 'POST', body: chunks, headers: { 'content-type': 'application/json' } }))),
    ).toBe(413);
    expect(await statusOf(readBody(req('<a/>', 'text/xml')))).toBe(415);
    expect(await statusOf(readBody(req('{}', 'application/json'), { accept: ['urlencoded'] }))).toBe(415);
  });

  test('nesting check ignores brackets inside strings', () => {
    expect(nestsDeeperThan('{"a":"[[[[[[[[[[[[[[[[[[[[[[[["}', 3)).toBe(false);
    expect(nestsDeeperThan('{"a":{"b":{"c":{"d":1}}}}', 3)).toBe(true);
    expect(nestsDeeperThan('{"a":"\\"{{{{{{"}', 1)).toBe(false);
  });
});
