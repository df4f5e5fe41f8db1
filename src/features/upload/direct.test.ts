/**
 * Direct mode against a real S3-protocol server (s3rver on loopback, started here): the presigned
 * POST the browser would send, POST /index/qiniutoken, POST /ajax/uploadCallback and its checks,
 * de-duplication in the store, serving from the store; on both engines.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import type { Envelope } from '~/features/_shared/envelope';
import type { UploadConfig } from '~/lib/types';
import { createApi } from '~/server/api';
import { setConfigValue } from '~/server/site-config';
import { engines, type TestDatabase } from '../../../tests/support/test-db';
import { seededDatabase, twoMembers } from '../../../tests/support/upload-files';
import { keyFromUrl } from './direct';
import type { UploadedFile } from './router';
import { directUploadOrigins, presignPost, S3Storage, s3ConfigProblem, signingKey } from './s3-storage';
import { startTestS3, type TestS3 } from '../../../tests/support/s3';
import { serveStored } from './serve';
import { setStorage } from './storage';
import { corrupt, png, text } from '../../../tests/support/upload-files';

const API = 'http://localhost/userapi/v1';
const sha1 = (b: Uint8Array) => new Bun.CryptoHasher('sha1').update(b).digest('hex');

test('SigV4 signing key: the AWS documentation example', () => {
  // docs.aws.amazon.com, "Deriving the signing key" (secret wJalr…, 20120215, us-east-1, iam).
  expect(signingKey('wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', '20120215', 'us-east-1', 'iam').toString('hex')).toBe(
    'f4780e2d9f65fa895f9c67b32ce1baf0b0d8a43505a000a1a9e090d414db404d',
  );
});

test('a POST policy: key prefix, size range, credential scope and expiry', () => {
  const post = presignPost(
    {
      endpoint: 'http://s3',
      publicEndpoint: 'https://files.example',
      bucket: 'b',
      accessKeyId: 'AK',
      secretAccessKey: 'SK',
      region: 'eu-west-1',
    },
    { keyPrefix: 'incoming/abc/', maxSize: 1000, ttlSeconds: 60, now: new Date('2026-01-02T03:04:05Z') },
  );
  expect(post.url).toBe('https://files.example/b');
  expect(post.fields['x-amz-credential']).toBe('AK/20260102/eu-west-1/s3/aws4_request');
  expect(post.fields['x-amz-date']).toBe('20260102T030405Z');
  expect(post.fields['x-amz-signature']).toMatch(/^[0-9a-f]{64}$/);
  const policy = JSON.parse(Buffer.from(post.fields.policy ?? '', 'base64').toString());
  expect(policy.expiration).toBe('2026-01-02T03:05:05.000Z');
  expect(policy.conditions).toContainEqual(['starts-with', '$key', 'incoming/abc/']);
  expect(policy.conditions).toContainEqual(['content-length-range', 1, 1000]);
  expect(post.expiresAt).toBe(Date.parse('2026-01-02T03:05:05Z') / 1000);
});

test('keyFromUrl: path-style object URL, a bare key or path; percent-decoded', () => {
  expect(keyFromUrl('http://127.0.0.1:9/portal/incoming/a/%E5%A4%B4.png', 'portal')).toBe('incoming/a/头.png');
  expect(keyFromUrl('/incoming/a/b.png', 'portal')).toBe('incoming/a/b.png');
  expect(keyFromUrl('incoming/a/b.png?x=1', 'portal')).toBe('incoming/a/b.png');
  expect(keyFromUrl('http://h/portal/%E0%A4%A', 'portal')).toBeNull();
});

for (const engine of engines()) {
  describe(`direct upload to an object store on ${engine.name}`, () => {
    let t: TestDatabase;
    let s3: TestS3;
    let storage: S3Storage;
    let api: ReturnType<typeof createApi>;
    let token: string;
    let otherToken: string;
    let demoId: number;

    const call = async (path: string, body: unknown, tok = token, lang = 'en') => {
      const res = await api.request(`${API}${path}`, {
        method: 'POST',
        body: JSON.stringify(body ?? {}),
        headers: { 'ba-user-token': tok, 'content-type': 'application/json', 'think-lang': lang },
      });
      return { status: res.status, body: (await res.json()) as Envelope<{ upload: UploadConfig; file: UploadedFile; field?: string }> };
    };

    /** What the island does: ask for a policy, POST the file to the store under the prefix. */
    async function browserUpload(bytes: Uint8Array<ArrayBuffer>, name: string, tok = token, keyName = name) {
      const cfg = (await call('/index/qiniutoken', {}, tok)).body.data.upload;
      const params = cfg.params ?? {};
      const key = `${params['x-ignore-key-prefix']}avatar/20260101/${keyName}`;
      const form = new FormData();
      form.append('key', key);
      for (const [k, v] of Object.entries(params)) if (!k.startsWith('x-ignore-')) form.append(k, String(v));
      form.append('file', new File([bytes], name));
      const res = await fetch(cfg.url ?? '', { method: 'POST', body: form });
      expect(res.status).toBe(204);
      return { url: `${cfg.url}/${key}`, key };
    }

    beforeAll(async () => {
      [t, s3] = await Promise.all([seededDatabase(engine), startTestS3()]);
      storage = new S3Storage(s3.config);
      setStorage(storage);
      api = createApi({ getDb: () => t.db });
      ({ demoId, demoToken: token, managerToken: otherToken } = await twoMembers(t.db));
    }, 30_000);
    beforeEach(async () => {
      await setConfigValue(t.db, 'upload', { mode: 's3', maxSize: 100_000, allowedSuffixes: 'png,jpg,pdf', allowedMimeTypes: '' });
    });
    afterAll(async () => {
      setStorage(null);
      await s3?.close();
      await t?.drop();
    });

    test("qiniutoken: the config a browser needs (post URL, signed fields, the member's own key prefix, expiry)", async () => {
      const r = await call('/index/qiniutoken', {});
      expect(r.status).toBe(200);
      const cfg = r.body.data.upload;
      expect(cfg).toMatchObject({ mode: 's3', url: `${s3.config.endpoint}/portal`, maxSize: 100_000 });
      expect(Object.keys(cfg.params ?? {}).sort()).toEqual(
        [
          'policy',
          'x-amz-algorithm',
          'x-amz-credential',
          'x-amz-date',
          'x-amz-signature',
          'x-ignore-expires',
          'x-ignore-key-prefix',
        ].sort(),
      );
      expect(String(cfg.params?.['x-ignore-key-prefix'])).toMatch(/^incoming\/[A-Za-z0-9]{16}\/$/);
      const other = (await call('/index/qiniutoken', {}, otherToken)).body.data.upload;
      expect(other.params?.['x-ignore-key-prefix']).not.toBe(cfg.params?.['x-ignore-key-prefix']);
      expect(JSON.stringify(cfg)).not.toContain('S3RVER"');
      expect((await call('/index/qiniutoken', {}, 'nope')).status).toBe(401);
    });

    test('upload to the store, then the callback: checked, moved to its final key, served to its owner only', async () => {
      const bytes = png(40, 30, 500);
      const { url, key } = await browserUpload(bytes, '头像.png');
      const r = await call('/ajax/uploadCallback', {
        url,
        name: '头像.png',
        size: bytes.length,
        type: 'image/png',
        sha1: sha1(bytes),
        topic: 'avatar',
      });
      expect(r.status).toBe(200);
      expect(r.body.message).toBe('File uploaded successfully');
      const f = r.body.data.file;
      expect(f).toMatchObject({
        name: '头像.png',
        size: bytes.length,
        type: 'image/png',
        storage: 's3',
        width: 40,
        height: 30,
        topic: 'avatar',
      });
      expect(f.url).toMatch(/^\/storage\/avatar\/\d{8}\/头像[0-9a-f]{8}\.png$/);
      expect(await storage.exists(key)).toBe(false);
      expect(await storage.exists(f.url.slice(1))).toBe(true);
      const served = await serveStored(t.db, 'GET', `/${encodeURI(f.url.slice(1))}`, { userId: demoId });
      expect(served.status).toBe(200);
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);
    });

    test('private in the store too: a claim file serves its owner, 404 to others', async () => {
      const bytes = text('%PDF-1.7 claim form');
      const { url } = await browserUpload(bytes, 'claim.pdf');
      const r = await call('/ajax/uploadCallback', {
        url,
        name: 'claim.pdf',
        size: bytes.length,
        type: 'application/pdf',
        sha1: sha1(bytes),
        topic: 'claim',
      });
      expect(r.status).toBe(200);
      const path = `/${encodeURI(r.body.data.file.url.slice(1))}`;
      expect((await serveStored(t.db, 'GET', path, { userId: demoId })).status).toBe(200);
      expect((await serveStored(t.db, 'GET', path, { userId: null })).status).toBe(404);
    });

    test('the callback refuses what the store does not hold as reported; the incoming object is removed', async () => {
      const bytes = png(10, 10, 100);
      const good = { name: 'a.png', size: bytes.length, type: 'image/png', sha1: sha1(bytes), topic: 'avatar' };
      const missing = await call('/ajax/uploadCallback', { ...good, url: `${s3.config.endpoint}/portal/incoming/x/none.png` });
      expect([missing.status, missing.body.message]).toEqual([404, 'The uploaded file was not found in storage, please upload it again']);
      const zh = await call('/ajax/uploadCallback', { ...good, url: '/incoming/x/none.png' }, token, 'zh-cn');
      expect(zh.body.message).toBe('存储中找不到上传的文件，请重新上传');

      const wrongSize = await browserUpload(bytes, 'a.png');
      const ws = await call('/ajax/uploadCallback', { ...good, url: wrongSize.url, size: bytes.length + 1 });
      expect([ws.status, ws.body.message]).toEqual([400, 'The data of the uploaded file is incomplete!']);
      expect(await storage.exists(wrongSize.key)).toBe(false);

      const wrongSha = await browserUpload(bytes, 'b.png');
      const wsha = await call('/ajax/uploadCallback', { ...good, url: wrongSha.url, sha1: 'f'.repeat(40) });
      expect(wsha.status).toBe(400);
      expect(await storage.exists(wrongSha.key)).toBe(false);

      // Another member cannot claim my object (it is under my prefix): 404, and it stays mine.
      const mine = await browserUpload(bytes, 'c.png');
      const theirs = await call('/ajax/uploadCallback', { ...good, url: mine.url }, otherToken);
      expect(theirs.status).toBe(404);
      expect(await storage.exists(mine.key)).toBe(true);
      await storage.delete(mine.key);

      // Magic bytes: HTML in a .png is refused like a local upload, and removed from the store.
      const html = text('<html><script>alert(1)</script></html>');
      const spoof = await browserUpload(html, 'evil.png');
      const sp = await call('/ajax/uploadCallback', { ...good, name: 'evil.png', url: spoof.url, size: html.length, sha1: sha1(html) });
      expect([sp.status, sp.body.message]).toEqual([415, 'The type of uploaded file is not allowed!']);
      expect(await storage.exists(spoof.key)).toBe(false);

      // A PNG header over a damaged body: decoded, refused in both languages, removed, no row.
      const damaged = corrupt(png(30, 20), 33);
      const report = { ...good, name: 'damaged.png', size: damaged.length, sha1: sha1(damaged) };
      const dm = await browserUpload(damaged, 'damaged.png');
      const d = await call('/ajax/uploadCallback', { ...report, url: dm.url });
      expect([d.status, d.body.message, d.body.data.field]).toEqual([
        415,
        'The image could not be decoded; the file may be damaged!',
        'file',
      ]);
      expect(await storage.exists(dm.key)).toBe(false);
      const dmZh = await browserUpload(damaged, 'damaged.png');
      const dz = await call('/ajax/uploadCallback', { ...report, url: dmZh.url }, token, 'zh-cn');
      expect([dz.status, dz.body.message]).toEqual([415, '图片无法解码，文件可能已损坏！']);
      expect(await storage.exists(dmZh.key)).toBe(false);
      const [{ n }] = await t.db.sql`SELECT COUNT(*) AS n FROM attachment WHERE sha1 = ${report.sha1}`;
      expect(Number(n)).toBe(0);

      // Traversal in the reported URL: never leaves the member's prefix.
      const tr = await call('/ajax/uploadCallback', {
        ...good,
        url: `${mine.url.split('/incoming/')[0]}/incoming/../storage/avatar/x.png`,
      });
      expect(tr.status).toBe(404);

      const bad = await call('/ajax/uploadCallback', { url: 'x', name: '', size: -1, sha1: 'zz' });
      expect(bad.status).toBe(400);
    });

    test('de-duplication in the store: the same bytes from two members, two rows, one stored object', async () => {
      const bytes = png(12, 12, 777);
      const report = { name: 'same.png', size: bytes.length, type: 'image/png', sha1: sha1(bytes), topic: 'avatar' };
      const a = await call('/ajax/uploadCallback', { ...report, url: (await browserUpload(bytes, 'same.png')).url });
      const again = await call('/ajax/uploadCallback', { ...report, url: (await browserUpload(bytes, 'same.png')).url });
      const b = await call(
        '/ajax/uploadCallback',
        { ...report, url: (await browserUpload(bytes, 'same.png', otherToken)).url },
        otherToken,
      );
      expect([a.status, again.status, b.status]).toEqual([200, 200, 200]);
      expect(again.body.data.file.id).toBe(a.body.data.file.id);
      expect(b.body.data.file.id).not.toBe(a.body.data.file.id);
      expect(b.body.data.file.url).toBe(a.body.data.file.url);
      const [{ n }] = await t.db.sql`SELECT COUNT(DISTINCT path) AS n FROM attachment WHERE sha1 = ${report.sha1}`;
      expect(Number(n)).toBe(1);
    });

    test('local mode: qiniutoken answers the local config, the callback is 409; a store that is down is 502', async () => {
      await setConfigValue(t.db, 'upload', { mode: 'local', maxSize: 100_000, allowedSuffixes: 'png', allowedMimeTypes: '' });
      const cfg = (await call('/index/qiniutoken', {})).body.data.upload;
      expect(cfg.mode).toBe('local');
      expect(cfg.params).toBeUndefined();
      const cb = await call('/ajax/uploadCallback', { url: '/incoming/a/b.png', name: 'b.png', size: 1, type: '', sha1: 'a'.repeat(40) });
      expect([cb.status, cb.body.message]).toEqual([409, 'Direct upload to object storage is not enabled']);

      await setConfigValue(t.db, 'upload', { mode: 's3', maxSize: 100_000, allowedSuffixes: 'png', allowedMimeTypes: '' });
      setStorage(new S3Storage({ ...s3.config, endpoint: 'http://127.0.0.1:9' }));
      try {
        const prefix = (await call('/index/qiniutoken', {})).body.data.upload.params?.['x-ignore-key-prefix'];
        const down = await call('/ajax/uploadCallback', { url: `/${prefix}x.png`, name: 'x.png', size: 5, type: '', sha1: 'a'.repeat(40) });
        expect([down.status, down.body.message]).toEqual([502, 'The file storage service failed, please try again later']);
      } finally {
        setStorage(storage);
      }
    });
  });
}

test('directUploadOrigins: the store origin for the page CSP when a store is configured', () => {
  expect(directUploadOrigins({})).toEqual([]);
  const env = {
    PORTAL_S3_ENDPOINT: 'http://10.0.0.2:9000/',
    PORTAL_S3_BUCKET: 'b',
    PORTAL_S3_ACCESS_KEY_ID: 'a',
    PORTAL_S3_SECRET_ACCESS_KEY: 's',
  };
  expect(directUploadOrigins(env)).toEqual(['http://10.0.0.2:9000']);
  expect(directUploadOrigins({ ...env, PORTAL_S3_PUBLIC_ENDPOINT: 'https://files.example.com/x' })).toEqual(['https://files.example.com']);
});

test('a half-configured store is named, so an instance never quietly keeps uploads on its own disk', () => {
  const all = { PORTAL_S3_ENDPOINT: 'http://s3', PORTAL_S3_BUCKET: 'b', PORTAL_S3_ACCESS_KEY_ID: 'k', PORTAL_S3_SECRET_ACCESS_KEY: 's' };
  expect(s3ConfigProblem({})).toBeNull();
  expect(s3ConfigProblem(all)).toBeNull();
  expect(s3ConfigProblem({ ...all, PORTAL_S3_SECRET_ACCESS_KEY: ' ' })).toBe(
    'The object store is half configured: PORTAL_S3_SECRET_ACCESS_KEY is not set (set all four PORTAL_S3_* variables, or none for local disk).',
  );
  expect(s3ConfigProblem({ PORTAL_S3_ENDPOINT: 'http://s3' })).toContain(
    'PORTAL_S3_BUCKET, PORTAL_S3_ACCESS_KEY_ID, PORTAL_S3_SECRET_ACCESS_KEY are not set',
  );
});
