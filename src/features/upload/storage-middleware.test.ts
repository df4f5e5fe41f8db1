/** GET /storage/... over HTTP: who may read a file (cookie, token header, signed URL, public topic). */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { setDb } from '~/server/db/client';
import storageMiddleware from '~/middleware/15-storage';
import { engines, type TestDatabase } from '../../../tests/support/test-db';
import { signedFileUrl } from './access';
import { storeUpload } from './service';
import { LocalStorage, setStorage } from './storage';
import { png, seededDatabase, text, twoMembers } from '../../../tests/support/upload-files';

const settings = { maxSize: 1 << 20, allowedSuffixes: 'png,pdf', allowedMimeTypes: '', saveName: '', timeZone: 'UTC' };

// The middleware reads the process's database: one engine at a time, each in its own describe.
for (const engine of engines()) {
  describe(`/storage over HTTP on ${engine.name}`, () => {
    let t: TestDatabase;
    let root: string;
    let demoToken: string;
    let managerToken: string;
    let demoId: number;
    const app = new Hono().use(storageMiddleware()).get('*', (c) => c.text('next', 418));

    beforeAll(async () => {
      t = await seededDatabase(engine);
      setDb(t.db);
      root = mkdtempSync(join(tmpdir(), 'storage-mw-'));
      setStorage(new LocalStorage(root));
      ({ demoId, demoToken, managerToken } = await twoMembers(t.db));
    }, 30_000);
    afterAll(async () => {
      setStorage(null);
      setDb(undefined);
      rmSync(root, { recursive: true, force: true });
      await t?.drop();
    });

    /** Stores `bytes` as the demo member's upload `name` on `topic`. */
    const store = (topic: string, name: string, bytes: Uint8Array) =>
      storeUpload(t.db, new LocalStorage(root), settings, { userId: demoId, topic, name, type: '', bytes });

    test('a private file: its owner by cookie or header; another member, anonymous: 404; a signed URL: anyone', async () => {
      const row = await store('claim', '理赔.pdf', text('%PDF-1.7 mw'));
      const url = `http://localhost/${encodeURI(row.path)}`;
      const byCookie = await app.request(url, { headers: { cookie: `ba-user-token=${demoToken}` } });
      expect(byCookie.status).toBe(200);
      expect(byCookie.headers.get('cache-control')).toStartWith('private');
      expect(await byCookie.text()).toBe('%PDF-1.7 mw');
      expect((await app.request(url, { headers: { 'ba-user-token': demoToken } })).status).toBe(200);
      expect((await app.request(url, { headers: { cookie: `ba-user-token=${managerToken}` } })).status).toBe(404);
      expect((await app.request(url)).status).toBe(404);
      expect((await app.request(url, { headers: { cookie: 'ba-user-token=forged' } })).status).toBe(404);
      const signed = await signedFileUrl(t.db, row);
      expect((await app.request(`http://localhost${signed}`)).status).toBe(200);
      expect((await app.request(`http://localhost${signed.replace(/sig=.{4}/, 'sig=AAAA')}`)).status).toBe(404);
    });

    test('an avatar is public; other paths and methods pass through', async () => {
      const row = await store('avatar', 'me.png', png(8, 8, 3));
      const res = await app.request(`http://localhost/${row.path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect((await app.request('http://localhost/user/login')).status).toBe(418);
      expect((await app.request(`http://localhost/${row.path}`, { method: 'POST' })).status).toBe(404);
    });
  });
}
