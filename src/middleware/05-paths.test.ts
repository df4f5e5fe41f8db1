import { describe, expect, test } from 'bun:test';
import { Hono } from 'hono';
import pathsMiddleware, { badPathReason, MAX_PATH_LENGTH, rawPath, refuseBadPath } from './05-paths';

/** A tiny app: the paths middleware in front of handlers that record whether they ran. */
function app() {
  const reached: string[] = [];
  const a = new Hono();
  a.use(pathsMiddleware());
  a.all('*', (c) => {
    reached.push(c.req.path);
    return c.text('reached');
  });
  return { a, reached };
}

const envelopeOf = async (res: Response) => {
  expect(res.headers.get('content-type')).toStartWith('application/json');
  const body = (await res.json()) as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['code', 'data', 'message', 'time']);
  expect(typeof body.time).toBe('number');
  return body;
};

describe('paths middleware', () => {
  test('a NUL under /userapi/ is the 404 envelope, in zh-cn by default, and no handler runs', async () => {
    const { a, reached } = app();
    for (const path of ['/userapi/v1/%00', '/userapi/v1/0/%00', '/userapi/v1/user/login%00.json']) {
      const res = await a.request(path);
      expect(res.status).toBe(404);
      const body = await envelopeOf(res);
      expect(body.code).toBe(404001);
      expect(body.data).toBeNull();
      expect(body.message).toBe(`请求地址错误：${path}`);
    }
    expect(reached).toEqual([]);
  });

  test('the envelope follows the ba-lang cookie and the think-lang header', async () => {
    const { a } = app();
    const en = await envelopeOf(await a.request('/userapi/v1/%00', { headers: { cookie: 'x=1; ba-lang=en' } }));
    expect(en.message).toBe('Error requesting address: /userapi/v1/%00');
    const header = await envelopeOf(await a.request('/userapi/v1/%zz', { headers: { 'think-lang': 'en' } }));
    expect(header.message).toBe('Error requesting address: /userapi/v1/%zz');
  });

  test('every kind of hostile path is refused, with any method, under /userapi/ and elsewhere', async () => {
    const { a, reached } = app();
    const hostile = [
      '/%00',
      '/a%0d%0ab',
      '/a%0Ab',
      '/a%09b',
      '/a%7fb',
      '/a%C2%85b', // NEL, a C1 control
      '/a%1bb',
      '/%E0%A4%A', // truncated UTF-8 sequence
      '/%zz',
      '/a%',
      '/a%2',
      '/%C0%AF', // overlong encoding of '/'
      '/%ED%A0%80', // a UTF-16 surrogate encoded as UTF-8
      '/%FF',
      '/a/..%2fb',
      '/a/%2e%2e%2fb',
      '/a/%2E%2E%5Cb',
      '/a%5c..%5cb',
      '/a/..%5c',
      `/${'s'.repeat(5000)}`, // past PATH_MAX the static lookup threw ENAMETOOLONG
      `/a/${'b/'.repeat(1100)}`,
    ];
    for (const path of hostile) {
      for (const prefix of ['', '/userapi/v1']) {
        for (const method of ['GET', 'POST', 'HEAD']) {
          const res = await a.request(prefix + path, { method });
          expect(res.status, `${method} ${prefix + path}`).toBe(404);
        }
      }
    }
    expect(reached).toEqual([]);
  });

  test('outside /userapi/ the answer is the small 404 page in the request language and theme', async () => {
    const { a } = app();
    const res = await a.request('/user/%00', { headers: { cookie: 'ba-lang=en; ba-theme=dark' } });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toStartWith('text/html');
    const html = await res.text();
    expect(html).toContain('<title>Page Not Found</title>');
    expect(html).toContain('lang="en"');
    expect(html).toContain('data-theme="dark"');
    expect(html).toContain('<p class="code">404</p>');
    expect(html).not.toContain('%00');
    const zh = await (await a.request('/%zz')).text();
    expect(zh).toContain('lang="zh-cn"');
    expect(zh).toContain('页面不存在');
  });

  test('ordinary paths pass through untouched', async () => {
    const { a, reached } = app();
    const fine = [
      '/',
      '/user/login',
      '/userapi/v1/index/index?requiredLogin=1&x=%00', // the query string is the API's business
      '/user/iframe/https%3A%2F%2Fhelp.example.com%2Fdocs%3Fa%3D1',
      '/a/%E4%B8%AD%E6%96%87', // percent-encoded UTF-8
      '/a/中文',
      '/a/..b/c..',
      '/a/.../b',
      '/assets/app-BmtX85yU.js',
      '/RSC/R/user/account/overview.txt',
      '/a%25zz', // an encoded percent sign is fine
    ];
    for (const path of fine) {
      const res = await a.request(path);
      expect(res.status, path).toBe(200);
      expect(await res.text()).toBe('reached');
    }
    expect(reached).toHaveLength(fine.length);
  });
});

describe('badPathReason', () => {
  test('names the reason, on raw paths too (a raw `..` or control byte that reached us unparsed)', () => {
    expect(badPathReason('/a/../b')).toBe('dot-segment');
    expect(badPathReason('/..')).toBe('dot-segment');
    expect(badPathReason('/a\\..\\b')).toBe('dot-segment');
    expect(badPathReason('/%2e%2e/etc/passwd')).toBe('dot-segment');
    expect(badPathReason('/a\u0000b')).toBe('control');
    expect(badPathReason('/a\r\nb')).toBe('control');
    expect(badPathReason('/a%00b')).toBe('control');
    expect(badPathReason('/%E0%A4%A')).toBe('encoding');
    expect(badPathReason('/%zz')).toBe('encoding');
    expect(badPathReason(`/${'x'.repeat(MAX_PATH_LENGTH)}`)).toBe('too-long');
    expect(badPathReason(`/${'x'.repeat(MAX_PATH_LENGTH - 1)}`)).toBeNull();
    expect(badPathReason('/user/login')).toBeNull();
    expect(badPathReason('/')).toBeNull();
  });

  test('rawPath keeps the encoding and drops query and fragment', () => {
    expect(rawPath('http://x:3000/a%00b?c=%00#d')).toBe('/a%00b');
    expect(rawPath('http://x/a#b?c')).toBe('/a');
    expect(rawPath('http://x')).toBe('/');
    expect(rawPath('http://x/')).toBe('/');
  });

  test('refuseBadPath (used by the server entry before the static lookup) answers or lets through', async () => {
    expect(refuseBadPath(new Request('http://x/ok'))).toBeNull();
    const res = refuseBadPath(new Request('http://x/userapi/v1/%00'));
    if (!res) throw new Error('expected a refusal');
    expect(res.status).toBe(404);
    expect(((await res.json()) as { code: number }).code).toBe(404001);
  });
});
