/** GET /storage/...: stored bytes with their stored type and headers that stop sniffing and scripts. */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { engines, type TestDatabase } from '../../../tests/support/test-db';
import { seededDatabase } from '../../../tests/support/upload-files';
import { signedFileUrl, verifyFileSignature } from './access';
import { contentDisposition, serveStored } from './serve';
import { storeUpload } from './service';
import { LocalStorage } from './storage';
import { png, text } from '../../../tests/support/upload-files';

const settings = {
  maxSize: 1 << 20,
  allowedSuffixes: 'png,pdf,docx',
  allowedMimeTypes: '',
  saveName: '/storage/{topic}/{year}{mon}{day}/{fileName}{fileSha1}{.suffix}',
  timeZone: 'Asia/Shanghai',
};

test('Content-Disposition: an ASCII fallback and the UTF-8 name (RFC 6266)', () => {
  expect(contentDisposition('attachment', '保单 2026.pdf')).toBe(
    `attachment; filename="__ 2026.pdf"; filename*=UTF-8''%E4%BF%9D%E5%8D%95%202026.pdf`,
  );
  expect(contentDisposition('inline', 'a"b\\c.png')).toBe(`inline; filename="a_b_c.png"; filename*=UTF-8''a%22b%5Cc.png`);
});

for (const engine of engines()) {
  describe(`serving stored files on ${engine.name}`, () => {
    let t: TestDatabase;
    let root: string;
    let storage: LocalStorage;
    let userId: number;

    beforeAll(async () => {
      t = await seededDatabase(engine);
      root = mkdtempSync(join(tmpdir(), 'serve-'));
      storage = new LocalStorage(root);
      const [demo] = await t.db.sql`SELECT id FROM "user" WHERE username = 'demo'`;
      userId = Number(demo.id);
    }, 30_000);
    afterAll(async () => {
      if (root) rmSync(root, { recursive: true, force: true });
      await t?.drop();
    });

    /** Stores `bytes` as the demo member's upload `name` on `topic`, announced as `type`. */
    const store = (topic: string, name: string, bytes: Uint8Array, type = '') =>
      storeUpload(t.db, storage, settings, { userId, topic, name, type, bytes });

    test('an image: inline, its stored type, nosniff and a sandbox CSP', async () => {
      const row = await store('default', '头像.png', png(4, 4, 10), 'text/html');
      const res = await serveStored(t.db, 'GET', `/${encodeURI(row.path)}`, { userId }, storage);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
      expect(res.headers.get('content-disposition')).toStartWith('inline; ');
      expect(res.headers.get('content-disposition')).toContain("filename*=UTF-8''%E5%A4%B4%E5%83%8F.png");
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(png(4, 4, 10));
      const head = await serveStored(t.db, 'HEAD', `/${encodeURI(row.path)}`, { userId }, storage);
      expect(head.headers.get('content-length')).toBe(String(png(4, 4, 10).length));
    });

    test('anything else is a download', async () => {
      const row = await store('docs', 'policy.pdf', text('%PDF-1.7 ...'));
      const res = await serveStored(t.db, 'GET', `/${row.path}`, { userId }, storage);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-disposition')).toStartWith('attachment; filename="policy.pdf"');
    });

    test('private by default: the owner reads, another member and anonymous get 404; avatars are public', async () => {
      const [other] = await t.db.sql`SELECT id FROM "user" WHERE username <> 'demo' ORDER BY id LIMIT 1`;
      const otherId = Number(other.id);
      const row = await store('claim', '病历.pdf', text('%PDF-1.7 private'));
      const url = `/${encodeURI(row.path)}`;
      expect((await serveStored(t.db, 'GET', url, { userId }, storage)).status).toBe(200);
      expect((await serveStored(t.db, 'GET', url, { userId: otherId }, storage)).status).toBe(404);
      expect((await serveStored(t.db, 'GET', url, { userId: null }, storage)).status).toBe(404);
      const avatar = await store('avatar', 'me.png', png(6, 6, 1));
      const pub = await serveStored(t.db, 'GET', `/${avatar.path}`, { userId: null }, storage);
      expect(pub.status).toBe(200);
      expect(pub.headers.get('cache-control')).toStartWith('public');
    });

    test('a signed URL serves a private file to anyone until it expires; a tampered one is 404', async () => {
      const row = await store('claim', 'b.pdf', text('%PDF-1.7 signed'));
      const signed = new URL(await signedFileUrl(t.db, row, 60), 'http://x');
      const ask = (exp: string | null, sig: string | null) =>
        serveStored(t.db, 'GET', signed.pathname, { userId: null, exp, sig }, storage);
      const exp = signed.searchParams.get('exp');
      const sig = signed.searchParams.get('sig');
      expect((await ask(exp, sig)).status).toBe(200);
      expect((await ask(String(Number(exp) + 1), sig)).status).toBe(404);
      expect((await ask(exp, `${sig?.slice(0, -2)}AA`)).status).toBe(404);
      expect((await ask(null, null)).status).toBe(404);
      const past = new URL(await signedFileUrl(t.db, row, -100), 'http://x');
      expect(Number(past.searchParams.get('exp'))).toBeGreaterThan(0);
      expect(await verifyFileSignature(t.db, row.path, String(Math.floor(Date.now() / 1000) - 5), sig)).toBe(false);
      // Another file's signature does not open this one.
      const other = await store('claim', 'c.pdf', text('%PDF-1.7 other'));
      expect((await serveStored(t.db, 'GET', `/${other.path}`, { userId: null, exp, sig }, storage)).status).toBe(404);
    });

    test('only paths an attachment row names, only from the uploads folder', async () => {
      writeFileSync(join(root, 'stray.html'), '<script>alert(1)</script>');
      for (const path of [
        '/storage/stray.html',
        '/stray.html',
        '/storage/../stray.html',
        '/storage/%2e%2e/stray.html',
        '/storage/%ZZ',
        '/storage/',
      ]) {
        const res = await serveStored(t.db, 'GET', path, { userId }, storage);
        expect([path, res.status]).toEqual([path, 404]);
      }
      // A row whose file is gone: 404, not a crash.
      const row = await store('gone', 'x.png', png(2, 3));
      await storage.delete(row.path);
      expect((await serveStored(t.db, 'GET', `/${row.path}`, { userId }, storage)).status).toBe(404);
    });
  });
}
