/** GET /storage/...: stored bytes with their stored type and headers that stop sniffing and scripts. */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { engines, freshDatabase, type TestDatabase } from '../../../tests/support/test-db';
import { contentDisposition, serveStored } from './serve';
import { storeUpload } from './service';
import { LocalStorage } from './storage';
import { png, text } from './test-files';

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
      t = await freshDatabase(engine, { seed: true });
      root = mkdtempSync(join(tmpdir(), 'serve-'));
      storage = new LocalStorage(root);
      const [demo] = await t.db.sql`SELECT id FROM "user" WHERE username = 'demo'`;
      userId = Number(demo.id);
    }, 30_000);
    afterAll(async () => {
      if (root) rmSync(root, { recursive: true, force: true });
      await t?.drop();
    });

    test('an image: inline, its stored type, nosniff and a sandbox CSP', async () => {
      const row = await storeUpload(t.db, storage, settings, {
        userId,
        topic: 'default',
        name: '头像.png',
        type: 'text/html',
        bytes: png(4, 4, 10),
      });
      const res = await serveStored(t.db, 'GET', `/${encodeURI(row.path)}`, storage);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
      expect(res.headers.get('content-disposition')).toStartWith('inline; ');
      expect(res.headers.get('content-disposition')).toContain("filename*=UTF-8''%E5%A4%B4%E5%83%8F.png");
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(png(4, 4, 10));
      const head = await serveStored(t.db, 'HEAD', `/${encodeURI(row.path)}`, storage);
      expect(head.headers.get('content-length')).toBe('43');
    });

    test('anything else is a download', async () => {
      const row = await storeUpload(t.db, storage, settings, {
        userId,
        topic: 'docs',
        name: 'policy.pdf',
        type: '',
        bytes: text('%PDF-1.7 ...'),
      });
      const res = await serveStored(t.db, 'GET', `/${row.path}`, storage);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-disposition')).toStartWith('attachment; filename="policy.pdf"');
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
        const res = await serveStored(t.db, 'GET', path, storage);
        expect([path, res.status]).toEqual([path, 404]);
      }
      // A row whose file is gone: 404, not a crash.
      const row = await storeUpload(t.db, storage, settings, { userId, topic: 'gone', name: 'x.png', type: '', bytes: png(2, 3) });
      await storage.delete(row.path);
      expect((await serveStored(t.db, 'GET', `/${row.path}`, storage)).status).toBe(404);
    });
  });
}
