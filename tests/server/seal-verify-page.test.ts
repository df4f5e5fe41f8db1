/**
 * The public /verify page counts its lookups against the same per-IP limit as the verification
 * API (#13): codes cannot be enumerated through the page either. The BUILT portal runs as a real
 * process with TRUST_PROXY=1 (each test address comes in X-Forwarded-For) and the default limit of
 * 30 checks a minute; the page is loaded as a document, as a browser would.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { type PortalDatabase, type PortalServer, portalDatabase, startPortal } from '../support/server';
import { engines } from '../support/test-db';

const CODE = 'DEMX-SEAL-2468';
const LIMIT = 30;

for (const engine of engines()) {
  describe(`/verify page under the verification limit on ${engine.name}`, () => {
    let db: PortalDatabase;
    let server: PortalServer;

    beforeAll(async () => {
      db = await portalDatabase(engine);
      server = await startPortal({
        dataDir: db.dataDir,
        databaseUrl: db.databaseUrl,
        env: { PORTAL_DEMO: '1', TRUST_PROXY: '1', SEAL_VERIFY_PER_MINUTE: String(LIMIT) },
      });
    }, 120_000);
    afterAll(async () => {
      await server?.stop();
      await db?.drop();
    }, 30_000);

    const page = async (ip: string, query = `?code=${CODE}`, lang = 'zh-cn') => {
      const res = await fetch(`${server.baseUrl}/verify${query}`, { headers: { 'x-forwarded-for': ip, cookie: `ba-lang=${lang}` } });
      return { status: res.status, html: await res.text() };
    };

    test(`${LIMIT} lookups on the page pass, the next shows the limit message (zh-cn, en); the API shares the count; another IP is unaffected`, async () => {
      // Start early in a one-minute window so it cannot roll over mid-test.
      while ((Date.now() / 1000) % 60 > 40) await Bun.sleep(500);
      const ip = `203.0.113.${engine.name === 'sqlite' ? 10 : 20}`;
      for (let i = 0; i < LIMIT; i++) {
        const r = await page(ip);
        expect([i, r.status, r.html.includes('data-result="sealed"')]).toEqual([i, 200, true]);
      }
      const zh = await page(ip);
      expect(zh.status).toBe(200);
      expect(zh.html).toMatch(/data-result="too_many"[\s\S]*验证查询过于频繁，请 \d+ 秒后再试/);
      expect(zh.html).not.toContain('data-result="sealed"');
      const en = await page(ip, `?code=${CODE}`, 'en');
      expect(en.html).toMatch(/Too many verification checks from your network; please try again in \d+ seconds/);
      expect(en.html).not.toContain(`>${CODE}<`);
      // The form alone is no lookup and still shows.
      const blank = await page(ip, '');
      expect([blank.status, blank.html.includes('id="verify-code"'), blank.html.includes('too_many')]).toEqual([200, true, false]);
      // The API from that address is over the same limit.
      const api = await fetch(`${server.baseUrl}/userapi/v1/seal/verify?code=${CODE}`, {
        headers: { 'x-forwarded-for': ip, 'think-lang': 'en' },
      });
      expect(api.status).toBe(429);
      expect(((await api.json()) as { message: string }).message).toMatch(/^Too many verification checks/);
      // Another address looks the code up as usual.
      expect((await page(`198.51.100.${engine.name === 'sqlite' ? 10 : 20}`)).html).toContain('data-result="sealed"');
    }, 90_000);
  });
}
