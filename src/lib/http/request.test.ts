import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { subscribe } from 'valtio';
import { notifyState, resetNotify } from '../notify';
import {
  ApiError,
  TIMEOUT_MESSAGE,
  flattenParams,
  http,
  inFlightCount,
  isCancel,
  request,
  setNavigator,
  statusMessage,
  httpErrorMessage,
  tokenStore,
  withParams,
} from './index';

/* ---------- A real local server ---------- */

interface Hit {
  method: string;
  path: string;
  search: string;
  headers: Headers;
  body: string;
}
const hits: Hit[] = [];
const envelope = (code: number, message = '', data: unknown = null) => JSON.stringify({ code, message, data, time: 1 });
const json = (body: string, status = 200) => new Response(body, { status, headers: { 'content-type': 'application/json' } });

let server: ReturnType<typeof Bun.serve>;
let base = '';
const pendingForever: Array<() => void> = [];

beforeAll(() => {
  server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(req) {
      const u = new URL(req.url);
      hits.push({ method: req.method, path: u.pathname, search: u.search, headers: req.headers, body: await req.text() });
      const p = u.pathname;
      if (p === '/ok') return json(envelope(200001, 'Saved', { echo: true }));
      if (p === '/ok-silent') return json(envelope(200001, '', { n: 1 }));
      if (p === '/never') return new Promise<Response>((resolve) => pendingForever.push(() => resolve(new Response('late'))));
      if (p === '/slow') return new Promise<Response>((r) => setTimeout(() => r(json(envelope(200001, '', u.search))), 150));
      if (p.startsWith('/status/')) {
        const status = Number(p.slice('/status/'.length));
        return new Response('x', { status });
      }
      if (p === '/503-then-ok') {
        const n = hits.filter((h) => h.path === p).length;
        return n === 1 ? new Response('busy', { status: 503 }) : json(envelope(200001, '', { attempt: n }));
      }
      if (p === '/code') return json(envelope(400001, 'Mobile number is wrong'));
      if (p === '/code-no-message') return json(envelope(0, ''));
      if (p === '/need-login') return json(envelope(401001, 'Please login first'), 401);
      if (p === '/expired') return json(envelope(401200, 'Login expired'), 401);
      if (p === '/need-login-type') return json(envelope(0, 'x', { type: 'need login' }));
      if (p === '/validation') return json(envelope(400001, 'Please enter the correct mobile number', { field: 'mobile' }), 400);
      if (p === '/forbidden') return json(envelope(403001, 'Not for your group'), 403);
      if (p === '/conflict') return json(envelope(409001, 'Mobile already used'), 409);
      if (p === '/server-error-envelope') return json(envelope(500001, 'boom'), 500);
      if (p === '/not-envelope') return json('{"id":"abc"}');
      return new Response('nope', { status: 404 });
    },
  });
  base = `http://127.0.0.1:${server.port}`;
});

afterAll(() => {
  for (const f of pendingForever) f();
  server.stop(true);
});

const navigations: string[] = [];
const origOnLine = Object.getOwnPropertyDescriptor(navigator, 'onLine');

beforeEach(() => {
  hits.length = 0;
  navigations.length = 0;
  resetNotify();
  tokenStore.clear();
  setNavigator((u) => navigations.push(u));
  document.documentElement.lang = 'en';
  history.replaceState(null, '', '/user/order/guzhu?page=2');
});

afterEach(() => {
  setNavigator();
  if (origOnLine) Object.defineProperty(navigator, 'onLine', origOnLine);
});

const toasts = () => notifyState.toasts.map((t) => ({ type: t.type, message: t.message }));
const fail = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    return e as Error;
  }
  throw new Error('expected a rejection');
};

/* ---------- Params ---------- */

describe('params', () => {
  test('nested objects flatten to name[key], arrays to name[0]', () => {
    expect(flattenParams({ a: 1, f: { b: 'x', c: { d: true } }, ids: [3, 4], skip: undefined, none: null })).toEqual([
      ['a', '1'],
      ['f[b]', 'x'],
      ['f[c][d]', 'true'],
      ['ids[0]', '3'],
      ['ids[1]', '4'],
    ]);
    expect(flattenParams({ list: [{ id: 1 }, { id: 2 }] })).toEqual([
      ['list[0][id]', '1'],
      ['list[1][id]', '2'],
    ]);
  });

  test('withParams keeps an existing query and the hash', () => {
    expect(withParams('/a?x=1#h', { y: 2 })).toBe('/a?x=1&y=2#h');
    expect(withParams('/a', {})).toBe('/a');
    expect(withParams('/a', { q: { k: 'v w' } })).toBe('/a?q%5Bk%5D=v+w');
  });

  test('the query string reaches the server flattened', async () => {
    await http.get(`${base}/ok`, { requiredLogin: 1, filter: { status: 'paid', ids: [7, 8] } });
    const q = new URLSearchParams(hits[0].search);
    expect([...q]).toEqual([
      ['requiredLogin', '1'],
      ['filter[status]', 'paid'],
      ['filter[ids][0]', '7'],
      ['filter[ids][1]', '8'],
    ]);
  });

  test('POST sends JSON by default, a flattened form with form: true', async () => {
    await http.post(`${base}/ok`, { a: { b: 1 } });
    expect(hits[0].headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(hits[0].body)).toEqual({ a: { b: 1 } });
    await http.post(`${base}/ok`, { a: { b: 1 }, l: [5] }, { form: true });
    expect(hits[1].headers.get('content-type')).toContain('application/x-www-form-urlencoded');
    expect([...new URLSearchParams(hits[1].body)]).toEqual([
      ['a[b]', '1'],
      ['l[0]', '5'],
    ]);
  });
});

/* ---------- Headers ---------- */

describe('headers', () => {
  test('server, equipment, think-lang; no token headers when the store is empty; same-origin credentials', async () => {
    document.documentElement.lang = 'zh-cn';
    await http.get(`${base}/ok`);
    const h = hits[0].headers;
    expect(h.get('server')).toBe('true');
    expect(h.get('equipment')).toBe('pc');
    expect(h.get('think-lang')).toBe('zh-cn');
    expect(h.get('ba-user-token')).toBeNull();
    expect(h.get('ba-user-signature')).toBeNull();
  });

  test('token and signature headers when the client store holds them', async () => {
    tokenStore.set({ token: 't-123', signature: 's-456' });
    await http.get(`${base}/ok`);
    expect(hits[0].headers.get('ba-user-token')).toBe('t-123');
    expect(hits[0].headers.get('ba-user-signature')).toBe('s-456');
  });
});

/* ---------- Timeout, de-duplication, retry ---------- */

describe('timeout', () => {
  test('raises DOMException TimeoutError with the exact message and shows the timeout toast', async () => {
    const e = await fail(request({ url: `${base}/never`, timeout: 50 }));
    expect(e).toBeInstanceOf(DOMException);
    expect(e.name).toBe('TimeoutError');
    expect(e.message).toBe(TIMEOUT_MESSAGE);
    expect(TIMEOUT_MESSAGE).toBe('The operation was aborted due to timeout');
    expect(toasts()).toEqual([{ type: 'error', message: 'Network request timeout!' }]);
  });

  test('timeout 0 waits as long as it takes', async () => {
    const r = await request<string>({ url: `${base}/slow`, timeout: 0 });
    expect(r.code).toBe(200001);
  });
});

describe('de-duplication', () => {
  test('the older identical request is cancelled (AbortError, no toast), the newer proceeds', async () => {
    const first = request({ url: `${base}/slow`, params: { a: 1 } });
    const second = request({ url: `${base}/slow`, params: { a: 1 } });
    const e = await fail(first);
    expect(isCancel(e)).toBe(true);
    expect(e.name).toBe('AbortError');
    expect((await second).code).toBe(200001);
    expect(toasts()).toEqual([]);
    expect(inFlightCount()).toBe(0);
  });

  test('different params are not duplicates; cancelDuplicate: false opts out', async () => {
    const a = request({ url: `${base}/slow`, params: { a: 1 } });
    const b = request({ url: `${base}/slow`, params: { a: 2 } });
    const c = request({ url: `${base}/slow`, params: { a: 2 }, cancelDuplicate: false });
    const results = await Promise.all([a, b, c]);
    expect(results.map((r) => r.code)).toEqual([200001, 200001, 200001]);
  });

  test("a caller's own abort rejects with AbortError and shows nothing", async () => {
    const ctl = new AbortController();
    const p = request({ url: `${base}/slow`, signal: ctl.signal });
    ctl.abort();
    expect(isCancel(await fail(p))).toBe(true);
    expect(toasts()).toEqual([]);
  });
});

describe('retry', () => {
  test('GET is retried once on 503 and succeeds on the second answer', async () => {
    const r = await http.get<{ attempt: number }>(`${base}/503-then-ok`);
    expect(r.data.attempt).toBe(2);
    expect(hits.filter((h) => h.path === '/503-then-ok').length).toBe(2);
    expect(toasts()).toEqual([]);
  });

  test('GET gives up after one retry: two hits, one toast', async () => {
    const e = await fail(http.get(`${base}/status/503`));
    expect(hits.length).toBe(2);
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).status).toBe(503);
    expect(toasts()).toEqual([{ type: 'error', message: 'Service unavailable!' }]);
  });

  test('POST, PUT, PATCH, DELETE are never retried', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      hits.length = 0;
      await fail(request({ url: `${base}/status/503`, method }));
      expect(hits.length).toBe(1);
    }
  });

  test('only the listed statuses are retried', async () => {
    for (const status of [408, 409, 425, 429, 500, 502, 503, 504]) {
      hits.length = 0;
      await fail(http.get(`${base}/status/${status}`));
      expect(hits.length).toBe(2);
    }
    for (const status of [400, 401, 403, 404, 501, 505]) {
      hits.length = 0;
      await fail(http.get(`${base}/status/${status}`));
      expect(hits.length).toBe(1);
    }
  });

  test('retry: false opts out', async () => {
    await fail(http.get(`${base}/status/503`, undefined, { retry: false }));
    expect(hits.length).toBe(1);
  });
});

/* ---------- Messages ---------- */

const TABLE_EN: Array<[number, string]> = [
  [302, 'Interface redirected!'],
  [400, 'Incorrect parameter!'],
  [401, 'You do not have permission to operate!'],
  [403, 'You do not have permission to operate!'],
  [404, 'Error requesting address:/some/url'],
  [408, 'Request timed out!'],
  [409, 'The same data already exists in the system!'],
  [500, 'Server internal error!'],
  [501, 'Service not implemented!'],
  [502, 'Gateway error!'],
  [503, 'Service unavailable!'],
  [504, 'The service is temporarily unavailable Please try again later!'],
  [505, 'HTTP version is not supported!'],
  [418, 'Abnormal problem, please contact the website administrator!'],
  [413, 'Abnormal problem, please contact the website administrator!'],
];
const TABLE_ZH: Array<[number, string]> = [
  [302, '接口重定向了！'],
  [400, '参数不正确！'],
  [401, '您没有权限操作！'],
  [403, '您没有权限操作！'],
  [404, '请求地址出错:/some/url'],
  [408, '请求超时！'],
  [409, '系统中已存在相同的数据！'],
  [500, '服务器内部错误！'],
  [501, '服务未实现！'],
  [502, '网关错误！'],
  [503, '服务不可用！'],
  [504, '服务暂时无法访问，请稍后再试！'],
  [505, 'HTTP 版本不受支持！'],
  [418, '异常问题，请联系网站管理员！'],
];

describe('§8 status messages', () => {
  test('English table, word for word', () => {
    for (const [status, text] of TABLE_EN) expect(statusMessage(status, '/some/url', 'en')).toBe(text);
  });

  test('Chinese table', () => {
    for (const [status, text] of TABLE_ZH) expect(statusMessage(status, '/some/url', 'zh-cn')).toBe(text);
  });

  test('the language follows <html lang>', async () => {
    document.documentElement.lang = 'zh-cn';
    await fail(http.get(`${base}/status/502`));
    document.documentElement.lang = 'en';
    await fail(http.get(`${base}/status/502`));
    expect(toasts().map((t) => t.message)).toEqual(['网关错误！', 'Gateway error!']);
  });

  test('real responses show the table text (404 with the url as the caller gave it)', async () => {
    await fail(http.get(`${base}/status/500`, undefined, { retry: false }));
    await fail(http.get(`${base}/missing`, { q: 1 }));
    await fail(http.post(`${base}/status/418`));
    expect(toasts().map((t) => t.message)).toEqual([
      'Server internal error!',
      `Error requesting address:${base}/missing`,
      'Abnormal problem, please contact the website administrator!',
    ]);
  });

  test('envelope message wins for 400/401/403/409, the table for other statuses', async () => {
    expect(httpErrorMessage(400, '/u', 'Field x', 'en')).toBe('Field x');
    expect(httpErrorMessage(400, '/u', '', 'en')).toBe('Incorrect parameter!');
    expect(httpErrorMessage(500, '/u', 'boom', 'en')).toBe('Server internal error!');
    await fail(http.post(`${base}/validation`));
    await fail(http.post(`${base}/forbidden`));
    await fail(http.post(`${base}/conflict`));
    await fail(http.post(`${base}/server-error-envelope`));
    expect(toasts().map((t) => t.message)).toEqual([
      'Please enter the correct mobile number',
      'Not for your group',
      'Mobile already used',
      'Server internal error!',
    ]);
  });

  test('a 400 error keeps its envelope for inline field errors', async () => {
    const e = (await fail(http.post(`${base}/validation`, {}, { showErrorMessage: false }))) as ApiError<{ field: string }>;
    expect(e.kind).toBe('http');
    expect(e.code).toBe(400001);
    expect(e.data).toEqual({ field: 'mobile' });
    expect(e.message).toBe('Please enter the correct mobile number');
    expect(toasts()).toEqual([]);
  });

  test('showErrorMessage: false suppresses the HTTP error toast', async () => {
    await fail(http.get(`${base}/status/503`, undefined, { showErrorMessage: false }));
    expect(toasts()).toEqual([]);
  });
});

describe('envelope codes', () => {
  test('code ≠ 200001 with a message → error toast; rejects with ApiError kind code', async () => {
    const e = (await fail(http.get(`${base}/code`))) as ApiError;
    expect(e.kind).toBe('code');
    expect(e.code).toBe(400001);
    expect(toasts()).toEqual([{ type: 'error', message: 'Mobile number is wrong' }]);
  });

  test('no toast without a message, or with showCodeMessage: false', async () => {
    await fail(http.get(`${base}/code-no-message`));
    await fail(http.get(`${base}/code`, undefined, { showCodeMessage: false }));
    expect(toasts()).toEqual([]);
  });

  test('success resolves with the envelope; no toast by default', async () => {
    const r = await http.get<{ echo: boolean }>(`${base}/ok`);
    expect(r).toEqual({ code: 200001, message: 'Saved', data: { echo: true }, time: 1 });
    expect(toasts()).toEqual([]);
  });

  test('showSuccessMessage: given text, else the envelope message, else the translated default', async () => {
    await http.post(`${base}/ok`, {}, { showSuccessMessage: true, successMessage: 'Exported' });
    await http.post(`${base}/ok`, { n: 2 }, { showSuccessMessage: true });
    await http.post(`${base}/ok-silent`, {}, { showSuccessMessage: true });
    document.documentElement.lang = 'zh-cn';
    await http.post(`${base}/ok-silent`, { n: 2 }, { showSuccessMessage: true });
    expect(toasts()).toEqual([
      { type: 'success', message: 'Exported' },
      { type: 'success', message: 'Saved' },
      { type: 'success', message: 'Operation successful' },
      { type: 'success', message: '操作成功' },
    ]);
  });

  test('a 2xx body that is not an envelope is an error', async () => {
    const e = (await fail(http.get(`${base}/not-envelope`))) as ApiError;
    expect(e.kind).toBe('format');
    expect(toasts()).toEqual([{ type: 'error', message: 'Abnormal problem, please contact the website administrator!' }]);
  });
});

describe('login required', () => {
  test('401001 clears the tokens and goes to /user/login?to=<current path>, without a toast', async () => {
    tokenStore.set({ token: 'old' });
    const e = (await fail(http.get(`${base}/need-login`))) as ApiError;
    expect(e.kind).toBe('login');
    expect(e.code).toBe(401001);
    expect(navigations).toEqual(['/user/login?to=%2Fuser%2Forder%2Fguzhu%3Fpage%3D2']);
    expect(tokenStore.get()).toEqual({});
    expect(toasts()).toEqual([]);
  });

  test("401200 and data.type 'need login' do the same", async () => {
    await fail(http.post(`${base}/expired`));
    await fail(http.get(`${base}/need-login-type`));
    expect(navigations.length).toBe(2);
    expect(toasts()).toEqual([]);
  });

  test('no navigation when already on the login page', async () => {
    history.replaceState(null, '', '/user/login?to=%2Fuser');
    await fail(http.get(`${base}/need-login`));
    expect(navigations).toEqual([]);
  });
});

describe('network failure', () => {
  const dead = 'http://127.0.0.1:1/nothing';

  test("online: 'Server exception!'", async () => {
    const e = await fail(http.get(dead, undefined, { retry: false }));
    expect(e).toBeInstanceOf(TypeError);
    expect(toasts()).toEqual([{ type: 'error', message: 'Server exception!' }]);
  });

  test("offline: 'You are disconnected!' (and in Chinese)", async () => {
    Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
    await fail(http.get(dead));
    document.documentElement.lang = 'zh-cn';
    await fail(http.get(dead));
    expect(toasts().map((t) => t.message)).toEqual(['You are disconnected!', '您已断网！']);
  });
});

describe('loading indicator', () => {
  test('overlapping loading requests open it once and close it once, when the last one ends', async () => {
    const transitions: string[] = [];
    let open = false;
    const unsubscribe = subscribe(
      notifyState.loading,
      () => {
        if (notifyState.loading.count > 0 !== open) {
          open = !open;
          transitions.push(open ? 'open' : 'close');
        }
      },
      true,
    );
    const a = request({ url: `${base}/slow`, params: { n: 1 }, loading: true });
    expect(notifyState.loading.count).toBe(1);
    expect(notifyState.loading.visible).toBe(true);
    const b = request({ url: `${base}/ok`, loading: true });
    expect(notifyState.loading.count).toBe(2);
    await b;
    expect(notifyState.loading.count).toBe(1);
    expect(notifyState.loading.leaving).toBe(false);
    await a;
    expect(notifyState.loading.count).toBe(0);
    expect(notifyState.loading.leaving).toBe(true);
    unsubscribe();
    expect(transitions).toEqual(['open', 'close']);
    await Bun.sleep(450);
    expect(notifyState.loading.visible).toBe(false);
  });

  test('failed and cancelled requests also release the counter', async () => {
    await fail(http.get(`${base}/status/400`, undefined, { loading: true }));
    const first = request({ url: `${base}/slow`, loading: true });
    const second = request({ url: `${base}/slow`, loading: true });
    await fail(first);
    await second;
    expect(notifyState.loading.count).toBe(0);
  });
});
