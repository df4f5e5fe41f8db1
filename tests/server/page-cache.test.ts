/**
 * The member page cache (#15, decision 0009) as a browser meets it, on the built server and both
 * engines: a second load of a list page is answered from memory with a fresh CSP nonce, and any
 * write the page shows — through this instance or another one on the same database — is on the
 * very next load; language and theme get their own page; a session that ended gets no page.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { type DemoPortals, type PortalServer, demoPortals, loginToken } from '../support/server';
import { engines } from '../support/test-db';

const PAGE = '/user/order/guzhu?limit=20';

interface Loaded {
  status: number;
  cache: string | null;
  nonce: string;
  body: string;
  location: string | null;
}

async function load(base: string, cookie: string, path = PAGE): Promise<Loaded> {
  const res = await fetch(base + path, { headers: { cookie, accept: 'text/html' }, redirect: 'manual' });
  const nonce = /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1] ?? '';
  return {
    status: res.status,
    cache: res.headers.get('x-page-cache'),
    nonce,
    body: await res.text(),
    location: res.headers.get('location'),
  };
}

/** Loads until the cache answers (the first load is kept once its body has been read). */
async function loadCached(base: string, cookie: string, path = PAGE): Promise<Loaded> {
  for (let i = 0; i < 20; i++) {
    const page = await load(base, cookie, path);
    if (page.cache === 'hit') return page;
    await Bun.sleep(20);
  }
  throw new Error(`${path} was never answered from the cache`);
}

async function post(base: string, cookie: string, path: string, body: unknown) {
  const res = await fetch(`${base}/userapi/v1${path}`, {
    method: 'POST',
    headers: { cookie, origin: base, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; message: string };
  expect(json.code).toBe(200001);
}

async function renameDemo(base: string, cookie: string, nickname: string) {
  const res = await fetch(`${base}/userapi/v1/account/profile`, { headers: { cookie } });
  const { data } = (await res.json()) as { data: { userInfo: { username: string; avatar: string; gender: number; motto: string } } };
  const { username, avatar, gender, motto } = data.userInfo;
  await post(base, cookie, '/account/profile', { username, avatar, gender, motto, nickname });
}

const unread = (body: string) => /data-unread="(\d+)"/.exec(body)?.[1] ?? 'none';

for (const engine of engines()) {
  describe(`member page cache on ${engine.name}`, () => {
    let portals: DemoPortals;
    let a: PortalServer;
    let b: PortalServer;
    let cookie: string;

    beforeAll(async () => {
      // Two instances on the same database (and, for SQLite, the same file).
      portals = await demoPortals(engine, 2);
      [a, b] = portals.servers as [PortalServer, PortalServer];
      cookie = `ba-user-token=${encodeURIComponent(await loginToken(a.baseUrl))}`;
    }, 180_000);
    afterAll(() => portals?.stop(), 30_000);

    test('the second load is the same page from memory, with its own CSP nonce', async () => {
      const first = await load(a.baseUrl, cookie);
      expect(first.status).toBe(200);
      expect(first.cache).toBe('miss');
      const again = await loadCached(a.baseUrl, cookie);
      expect(again.status).toBe(200);
      expect(again.nonce).not.toBe(first.nonce);
      expect(again.nonce.length).toBeGreaterThan(10);
      // Waku's bootstrap and the inline RSC payload carry the answer's own nonce, nothing else
      // differs.
      for (const page of [first, again]) {
        const inline = [...page.body.matchAll(/<script\b([^>]*)>[^<]/g)].map((m) => m[1]);
        expect(inline.length).toBeGreaterThan(0);
        for (const attrs of inline) expect(attrs).toContain(`nonce="${page.nonce}"`);
      }
      expect(again.body).not.toContain(first.nonce);
      expect(again.body).toBe(first.body.replaceAll(first.nonce, again.nonce));
    });

    test("an in-app navigation's RSC payload is kept too, per element etags, and a write is on the next one", async () => {
      const rsc = (etags = '{}') =>
        fetch(`${a.baseUrl}/RSC/R/user/order/guzhu.txt?query=limit%3D20`, { headers: { cookie, 'x-waku-etags': etags } });
      const first = await rsc();
      expect(first.status).toBe(200);
      const firstBody = await first.text();
      let hit: Response | null = null;
      for (let i = 0; i < 20 && !hit; i++) {
        const res = await rsc();
        if (res.headers.get('x-page-cache') === 'hit') hit = res;
        else await res.text();
      }
      expect(hit).not.toBeNull();
      expect(await hit!.text()).toBe(firstBody);
      // Other etags: another payload, kept apart.
      const other = await rsc('{"layout:/":"x"}');
      expect(other.headers.get('x-page-cache')).toBe('miss');
      await other.text();
      await renameDemo(a.baseUrl, cookie, 'RscCheck');
      const after = await rsc();
      expect(after.headers.get('x-page-cache')).toBe('miss');
      expect(await after.text()).toContain('RscCheck');
    });

    test('a write the page shows is on the next load: notifications read, nickname changed', async () => {
      const before = await loadCached(a.baseUrl, cookie);
      expect(unread(before.body)).not.toBe('none');
      await post(a.baseUrl, cookie, '/notification/read', { all: true });
      const after = await load(a.baseUrl, cookie);
      expect(after.cache).toBe('miss');
      expect(unread(after.body)).toBe('none');

      await loadCached(a.baseUrl, cookie);
      await renameDemo(a.baseUrl, cookie, 'CacheCheckOne');
      expect((await load(a.baseUrl, cookie)).body).toContain('CacheCheckOne');
    });

    test('another instance on the same database sees a write made through the first on its next load', async () => {
      await renameDemo(a.baseUrl, cookie, 'BeforeWrite');
      const cached = await loadCached(b.baseUrl, cookie);
      expect(cached.body).toContain('BeforeWrite');
      await renameDemo(a.baseUrl, cookie, 'AfterWrite');
      const next = await load(b.baseUrl, cookie);
      expect(next.body).toContain('AfterWrite');
      expect(next.body).not.toContain('BeforeWrite');
    });

    test('language and theme choose their own page', async () => {
      const zh = await loadCached(a.baseUrl, `${cookie}; ba-lang=zh-cn`);
      expect(zh.body).toContain('<html lang="zh-cn" data-theme="light"');
      const en = await load(a.baseUrl, `${cookie}; ba-lang=en`);
      expect(en.body).toContain('<html lang="en" data-theme="light"');
      const dark = await load(a.baseUrl, `${cookie}; ba-lang=en; ba-theme=dark`);
      expect(dark.body).toContain('<html lang="en" data-theme="dark"');
      expect((await loadCached(a.baseUrl, `${cookie}; ba-lang=en`)).body).toContain('<html lang="en" data-theme="light"');
    });

    test('pages that do not allow it are never answered from memory', async () => {
      for (let i = 0; i < 3; i++) expect((await load(a.baseUrl, cookie, '/user/account/profile')).cache).toBeNull();
    });

    test('a session that ended gets the login page, not the cached one', async () => {
      const own = `ba-user-token=${encodeURIComponent(await loginToken(a.baseUrl))}`;
      expect((await loadCached(b.baseUrl, own)).status).toBe(200);
      await post(a.baseUrl, own, '/index/logout', {});
      const after = await load(b.baseUrl, own);
      expect(after.status).toBe(302);
      expect(after.location).toContain('/user/login');
    });
  });
}
