/** POST /userapi/v1/index/upload through the API, real multipart bodies, on both engines. */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Envelope } from '~/features/_shared/envelope';
import { createApi } from '~/server/api';
import { setConfigValue } from '~/server/site-config';
import { engines, type TestDatabase } from '../../../tests/support/test-db';
import { seededDatabase, twoMembers } from '../../../tests/support/upload-files';
import type { UploadedFile } from './router';
import { findOwnFile, readFileBytes } from './attachments';
import { storeServerFile } from './service';
import { getStorage, LocalStorage, setStorage } from './storage';
import { corrupt, jpegImage, png, pngHeader, text } from '../../../tests/support/upload-files';

const URL_ = 'http://localhost/userapi/v1/index/upload';
const MAX = 4096;

/** Every file under a folder, recursively (temporary `.part` files included). */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));

for (const engine of engines()) {
  describe(`POST /index/upload on ${engine.name}`, () => {
    let t: TestDatabase;
    let api: ReturnType<typeof createApi>;
    let root: string;
    let token: string;
    let otherToken: string;
    let demoId: number;
    let otherId: number;

    async function upload(parts: Record<string, string | File>, headers: Record<string, string> = { 'ba-user-token': token }) {
      const form = new FormData();
      for (const [k, v] of Object.entries(parts)) form.append(k, v);
      const res = await api.request(URL_, { method: 'POST', body: form, headers: { 'think-lang': 'en', ...headers } });
      return { res, body: (await res.json()) as Envelope<{ file: UploadedFile; field?: string }> };
    }
    const file = (bytes: Uint8Array<ArrayBuffer>, name: string, type = '') => new File([bytes], name, { type });

    beforeAll(async () => {
      t = await seededDatabase(engine);
      api = createApi({ getDb: () => t.db });
      root = mkdtempSync(join(tmpdir(), 'uploads-'));
      setStorage(new LocalStorage(root));
      ({ demoId, managerId: otherId, demoToken: token, managerToken: otherToken } = await twoMembers(t.db));
    }, 30_000);
    beforeEach(async () => {
      await setConfigValue(t.db, 'upload', { maxSize: MAX, allowedSuffixes: 'jpg,png,gif,webp,pdf,docx', allowedMimeTypes: 'text/plain' });
    });
    afterAll(async () => {
      setStorage(null);
      if (root) rmSync(root, { recursive: true, force: true });
      await t?.drop();
    });

    test('login required: 401001 and nothing stored', async () => {
      const r = await upload({ file: file(png(2, 2), 'a.png') }, {});
      expect(r.res.status).toBe(401);
      expect(r.body.code).toBe(401001);
      expect(filesUnder(root)).toEqual([]);
    });

    test('a PNG: stored under the save-name template, the spec shape answered', async () => {
      const bytes = png(64, 32, 100);
      const r = await upload({ file: file(bytes, '头像 photo.PNG', 'image/png') });
      expect(r.res.status).toBe(200);
      expect(r.body.code).toBe(200001);
      expect(r.body.message).toBe('File uploaded successfully');
      const f = r.body.data.file;
      expect(Object.keys(f).sort()).toEqual(
        ['full_url', 'height', 'id', 'name', 'sha1', 'size', 'storage', 'topic', 'type', 'url', 'width'].sort(),
      );
      expect(f).toMatchObject({
        name: '头像 photo.PNG',
        size: bytes.length,
        type: 'image/png',
        topic: 'default',
        storage: 'local',
        width: 64,
        height: 32,
      });
      expect(f.sha1).toMatch(/^[0-9a-f]{40}$/);
      expect(f.url).toMatch(new RegExp(`^/storage/default/\\d{8}/头像photo${f.sha1.slice(0, 8)}\\.png$`));
      expect(f.full_url).toBe(`http://localhost${f.url}`);
      expect(await Bun.file(join(root, f.url)).bytes()).toEqual(bytes);
    });

    test('the checks in the spec order, each with its message (zh-cn too)', async () => {
      const missing = await upload({ topic: 'default' });
      expect([missing.res.status, missing.body.message]).toEqual([400, 'The data of the uploaded file is incomplete!']);
      const empty = await upload({ file: file(new Uint8Array(0), 'a.png') });
      expect([empty.res.status, empty.body.message]).toEqual([400, 'The data of the uploaded file is incomplete!']);
      // Type before size: an oversize .exe is refused for its type.
      const exe = await upload({ file: file(png(2, 2, MAX + 10), 'tool.exe', 'application/x-msdownload') });
      expect([exe.res.status, exe.body.message]).toEqual([415, 'The type of uploaded file is not allowed!']);
      const big = await upload({ file: file(png(2, 2, MAX + 10), 'big.png') });
      expect([big.res.status, big.body.code, big.body.message]).toEqual([
        413,
        413001,
        'The size of the uploaded file exceeds the allowed range!',
      ]);
      const zhHeaders = { 'ba-user-token': token, 'think-lang': 'zh-cn' };
      const zh = await upload({ file: file(png(2, 2), 'x.exe') }, zhHeaders);
      expect(zh.body.message).toBe('上传的文件类型不被允许！');
      expect((await upload({ topic: 'default' }, zhHeaders)).body.message).toBe('上传的文件数据不完整！');
      expect((await upload({ file: file(png(2, 2, MAX + 10), 'big.png') }, zhHeaders)).body.message).toBe('上传的文件大小超出允许范围！');
      expect((await upload({ file: file(pngHeader(100_000, 100_000), 'bomb.png') }, zhHeaders)).body.message).toBe(
        '图片尺寸超出允许范围！',
      );
      expect((await upload({ file: file(text('<svg onload=alert(1)>'), 'x.png') }, zhHeaders)).body.message).toBe(
        '上传的文件类型不被允许！',
      );
      expect((await upload({ file: file(png(5, 5), 'a.png'), topic: '../x' }, zhHeaders)).body.message).toBe(
        '存储目录只能包含字母、数字、下划线和短横线（最多 20 个字符）',
      );
    });

    test('allowed lists: suffix case-insensitive with or without a dot, list form, or an allowed MIME type', async () => {
      await setConfigValue(t.db, 'upload', { maxSize: MAX, allowedSuffixes: ['.GIF', ' PNG'], allowedMimeTypes: '' });
      expect((await upload({ file: file(png(3, 3), 'UPPER.PnG') })).res.status).toBe(200);
      expect((await upload({ file: file(png(3, 4), 'photo.jpg') })).res.status).toBe(415);
      await setConfigValue(t.db, 'upload', { maxSize: MAX, allowedSuffixes: 'png', allowedMimeTypes: 'text/plain' });
      const notes = await upload({ file: file(text('plain notes'), 'notes.txt', 'text/plain') });
      expect(notes.res.status).toBe(200);
      expect(notes.body.data.file.type).toBe('application/octet-stream');
    });

    test('content by magic bytes: HTML or SVG in a .png, a PNG in a .pdf are refused 415', async () => {
      for (const [bytes, name] of [
        [text('<html><script>alert(1)</script></html>'), 'evil.png'],
        [text('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'evil.png'],
        [text('<!doctype html><p>hi'), 'notes.txt'],
        [png(2, 2), 'report.pdf'],
        [text('not an image at all'), 'fake.gif'],
      ] as const) {
        const r = await upload({ file: file(new Uint8Array(bytes), name, 'text/plain') });
        expect([name, r.res.status, r.body.message]).toEqual([name, 415, 'The type of uploaded file is not allowed!']);
      }
      const huge = await upload({ file: file(pngHeader(100_000, 100_000), 'bomb.png') });
      expect([huge.res.status, huge.body.message]).toEqual([413, 'The image dimensions exceed the allowed range!']);
    });

    test('images are decoded: a real PNG and JPEG are stored with their size', async () => {
      const p = png(120, 80, 7);
      const pr = await upload({ file: file(p, 'scan.png', 'image/png') });
      expect(pr.res.status).toBe(200);
      expect(pr.body.data.file).toMatchObject({ type: 'image/png', size: p.length, width: 120, height: 80 });
      const j = await jpegImage(160, 90);
      const jr = await upload({ file: file(j, 'photo.jpg', 'image/jpeg') });
      expect(jr.res.status).toBe(200);
      expect(jr.body.data.file).toMatchObject({ type: 'image/jpeg', size: j.length, width: 160, height: 90 });
      expect(await Bun.file(join(root, jr.body.data.file.url)).bytes()).toEqual(j);
    });

    test('a valid image header over a damaged body: 415 in both languages, nothing stored', async () => {
      const j = await jpegImage(160, 90);
      // The PNG keeps its signature and IHDR (33 bytes), the JPEG everything up to its scan data.
      const sosEnd = j.findIndex((b, i) => b === 0xff && j[i + 1] === 0xda) + 2;
      const damaged = [
        [corrupt(png(120, 80), 33), 'broken.png', 'image/png'],
        [corrupt(j, sosEnd + (((j[sosEnd] ?? 0) << 8) | (j[sosEnd + 1] ?? 0))), 'broken.jpg', 'image/jpeg'],
        // A header alone, well within the pixel cap, is no image either.
        [pngHeader(640, 480), 'header.png', 'image/png'],
      ] as const;
      const before = filesUnder(root).sort();
      const sha1 = (b: Uint8Array) => new Bun.CryptoHasher('sha1').update(b).digest('hex');
      for (const [bytes, name, type] of damaged) {
        const en = await upload({ file: file(bytes, name, type) });
        expect([name, en.res.status, en.body.code, en.body.message, en.body.data.field]).toEqual([
          name,
          415,
          415001,
          'The image could not be decoded; the file may be damaged!',
          'file',
        ]);
        const zh = await upload({ file: file(bytes, name, type) }, { 'ba-user-token': token, 'think-lang': 'zh-cn' });
        expect([name, zh.res.status, zh.body.message]).toEqual([name, 415, '图片无法解码，文件可能已损坏！']);
        const [{ n }] = await t.db.sql`SELECT COUNT(*) AS n FROM attachment WHERE sha1 = ${sha1(bytes)}`;
        expect([name, Number(n)]).toEqual([name, 0]);
      }
      // No stored file and no spool file left behind.
      expect(filesUnder(root).sort()).toEqual(before);
      // The pixel cap still answers first: a header claiming 10 gigapixels is never decoded.
      const bomb = await upload({ file: file(pngHeader(100_000, 100_000), 'bomb.png') });
      expect([bomb.res.status, bomb.body.message]).toEqual([413, 'The image dimensions exceed the allowed range!']);
    });

    test('topic: alpha-dash only; a hostile name never leaves the uploads folder', async () => {
      const bad = await upload({ file: file(png(5, 5), 'a.png'), topic: '../etc' });
      expect([bad.res.status, bad.body.data.field]).toEqual([400, 'topic']);
      const r = await upload({ file: file(png(5, 6), '../../../etc/passwd.png'), filepath: 'avatar' });
      expect(r.res.status).toBe(200);
      expect(r.body.data.file.topic).toBe('avatar');
      expect(r.body.data.file.url).toMatch(/^\/storage\/avatar\/\d{8}\/passwd[0-9a-f]{8}\.png$/);
      expect(r.body.data.file.name).toBe('passwd.png');
      for (const name of ['..\\..\\win.png', '%2e%2e%2fenc.png', '.hidden.png', 'a\u0000b/../c.png', '....png', 'CON:.png']) {
        const h = await upload({ file: file(png(5, 7, name.length), name) });
        expect([name, h.res.status]).toEqual([name, 200]);
        const key = h.body.data.file.url.slice(1);
        expect(key).toMatch(/^storage\/default\/\d{8}\/[^/]+\.png$/);
        expect(key.split('/').every((seg: string) => seg !== '..' && !seg.startsWith('.'))).toBe(true);
      }
      // The query's filepath is checked like the field.
      const q = await api.request(`${URL_}?filepath=..%2F..%2Fetc`, {
        method: 'POST',
        body: (() => {
          const f = new FormData();
          f.append('file', file(png(5, 8), 'q.png'));
          return f;
        })(),
        headers: { 'ba-user-token': token },
      });
      expect(q.status).toBe(400);
      expect(filesUnder(root).every((p) => p.startsWith(root))).toBe(true);
    });

    test('the same bytes twice: one id, one file; another topic is another row', async () => {
      const bytes = png(7, 7, 50);
      const a = await upload({ file: file(bytes, 'one.png') });
      const b = await upload({ file: file(bytes, 'two.png') });
      expect(b.body.data.file.id).toBe(a.body.data.file.id);
      expect(b.body.data.file.url).toBe(a.body.data.file.url);
      const [{ n }] = await t.db.sql`SELECT COUNT(*) AS n FROM attachment WHERE sha1 = ${a.body.data.file.sha1}`;
      expect(Number(n)).toBe(1);
      expect(filesUnder(root).filter((p) => p.includes(a.body.data.file.sha1.slice(0, 8)))).toHaveLength(1);
      const other = await upload({ file: file(bytes, 'one.png'), topic: 'other' });
      expect(other.body.data.file.id).not.toBe(a.body.data.file.id);
    });

    test("another member with the same bytes: their own row and id, the bytes stored once; each id is only its owner's", async () => {
      const bytes = png(8, 7, 70);
      const mine = await upload({ file: file(bytes, 'mine.png'), topic: 'claim' });
      const theirs = await upload({ file: file(bytes, 'theirs.png'), topic: 'claim' }, { 'ba-user-token': otherToken });
      expect(theirs.res.status).toBe(200);
      expect(theirs.body.data.file.id).not.toBe(mine.body.data.file.id);
      expect(theirs.body.data.file.name).toBe('theirs.png');
      expect(theirs.body.data.file.url).toBe(mine.body.data.file.url);
      expect(filesUnder(root).filter((p) => p.includes(mine.body.data.file.sha1.slice(0, 8)))).toHaveLength(1);
      expect(await findOwnFile(t.db, demoId, mine.body.data.file.id, 'claim')).not.toBeNull();
      expect(await findOwnFile(t.db, demoId, theirs.body.data.file.id)).toBeNull();
      expect(await findOwnFile(t.db, otherId, mine.body.data.file.id)).toBeNull();
      expect((await findOwnFile(t.db, otherId, theirs.body.data.file.id))?.name).toBe('theirs.png');
      // Server-made files follow the same model.
      const pdf = new TextEncoder().encode('%PDF-1.7 same policy');
      const s1 = await storeServerFile(t.db, getStorage(), {
        userId: demoId,
        topic: 'invoice',
        name: 'a.pdf',
        mime: 'application/pdf',
        bytes: pdf,
      });
      const s2 = await storeServerFile(t.db, getStorage(), {
        userId: otherId,
        topic: 'invoice',
        name: 'b.pdf',
        mime: 'application/pdf',
        bytes: pdf,
      });
      const s1again = await storeServerFile(t.db, getStorage(), {
        userId: demoId,
        topic: 'invoice',
        name: 'a.pdf',
        mime: 'application/pdf',
        bytes: pdf,
      });
      expect([s1.user_id, s2.user_id]).toEqual([demoId, otherId]);
      expect(s2.id).not.toBe(s1.id);
      expect(s1again.id).toBe(s1.id);
      expect(s2.path).toBe(s1.path);
      expect(new TextDecoder().decode((await readFileBytes(getStorage(), s2)) ?? new Uint8Array())).toBe('%PDF-1.7 same policy');
    });

    test('10 parallel uploads of the same bytes: one row, one file, one id', async () => {
      const bytes = png(9, 9, 300);
      const replies = await Promise.all(Array.from({ length: 10 }, (_, i) => upload({ file: file(bytes, `same${i % 3}.png`) })));
      expect(replies.map((r) => r.res.status)).toEqual(Array(10).fill(200));
      expect(new Set(replies.map((r) => r.body.data.file.id)).size).toBe(1);
      const sha1 = replies[0]!.body.data.file.sha1;
      const [{ n }] = await t.db.sql`SELECT COUNT(*) AS n FROM attachment WHERE sha1 = ${sha1}`;
      expect(Number(n)).toBe(1);
      expect(filesUnder(root).filter((p) => p.includes(sha1.slice(0, 8)))).toHaveLength(1);
    });

    test('over maxSize: 413 without reading the whole body', async () => {
      let sent = 0;
      const chunk = new Uint8Array(1024);
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent >= 50 * 1024 * 1024) return controller.close();
          sent += chunk.byteLength;
          controller.enqueue(chunk);
        },
      });
      const headers = { 'ba-user-token': token, 'content-type': 'multipart/form-data; boundary=x', 'think-lang': 'en' };
      const res = await api.request(URL_, { method: 'POST', body, headers, duplex: 'half' } as RequestInit);
      expect(res.status).toBe(413);
      expect(((await res.json()) as Envelope).message).toBe('The size of the uploaded file exceeds the allowed range!');
      expect(sent).toBeLessThan(MAX + 64 * 1024);
      // A declared length over the cap is refused before a byte is read.
      const declared = await api.request(URL_, {
        method: 'POST',
        body: 'x',
        headers: { ...headers, 'content-length': String(10 * 1024 * 1024) },
      });
      expect(declared.status).toBe(413);
    });

    test('not multipart: 415; broken multipart: 400', async () => {
      const json = await api.request(URL_, {
        method: 'POST',
        body: '{}',
        headers: { 'ba-user-token': token, 'content-type': 'application/json' },
      });
      expect(json.status).toBe(415);
      const broken = await api.request(URL_, {
        method: 'POST',
        body: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nunterminated',
        headers: { 'ba-user-token': token, 'content-type': 'multipart/form-data; boundary=x' },
      });
      expect(broken.status).toBe(400);
    });
  });
}
