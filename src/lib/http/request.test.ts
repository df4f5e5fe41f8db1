import { describe, expect, test } from 'bun:test';
import { notifyState, subscribeNotify } from '../notify';
import { ApiError, TIMEOUT_MESSAGE, flattenParams, http, inFlightCount, isCancel, request, tokenStore, withParams } from './index';
import { base, fail, hits, toasts, setupTestServer } from '../../../tests/support/http-test-server';

setupTestServer();

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

describe('loading indicator', () => {
  test('overlapping loading requests open it once and close it once, when the last one ends', async () => {
    const transitions: string[] = [];
    let open = false;
    const unsubscribe = subscribeNotify(() => {
      if (notifyState.loading.count > 0 !== open) {
        open = !open;
        transitions.push(open ? 'open' : 'close');
      }
    });
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
