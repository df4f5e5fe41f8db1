/** The streaming multipart reader: any chunking, names, caps, and nothing left behind on errors. */
import { afterAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { boundaryOf, receiveUpload } from './receive';

const scratch = mkdtempSync(join(tmpdir(), 'receive-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const B = 'XyZboundary42';
const enc = new TextEncoder();

function body(parts: { name: string; filename?: string; star?: string; type?: string; data: Uint8Array | string }[]): Uint8Array {
  const out: Uint8Array[] = [];
  for (const p of parts) {
    let disp = `form-data; name="${p.name}"`;
    if (p.filename !== undefined) disp += `; filename="${p.filename}"`;
    if (p.star !== undefined) disp += `; filename*=UTF-8''${p.star}`;
    out.push(enc.encode(`--${B}\r\nContent-Disposition: ${disp}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`));
    out.push(typeof p.data === 'string' ? enc.encode(p.data) : p.data);
    out.push(enc.encode('\r\n'));
  }
  out.push(enc.encode(`--${B}--\r\n`));
  return new Uint8Array(Buffer.concat(out));
}

/** A request whose body arrives in chunks of `size` bytes. */
function request(bytes: Uint8Array, size: number, headers: Record<string, string> = {}): Request {
  let at = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(c) {
      if (at >= bytes.length) return c.close();
      c.enqueue(bytes.slice(at, at + size));
      at += size;
    },
  });
  return new Request('http://x/', {
    method: 'POST',
    body: stream,
    headers: { 'content-type': `multipart/form-data; boundary=${B}`, ...headers },
    duplex: 'half',
  } as RequestInit);
}

const leftovers = () => readdirSync(scratch).filter((n) => n.endsWith('.part'));

describe('receiveUpload', () => {
  // Bytes that look like a delimiter's start inside the file, to catch split-boundary bugs.
  const data = new Uint8Array(Buffer.concat([Buffer.alloc(3000, 7), Buffer.from(`\r\n--${B.slice(0, 6)}`), Buffer.alloc(2000, 9)]));
  const sha1 = new Bun.CryptoHasher('sha1').update(data).digest('hex');

  for (const size of [1, 7, 64, 4096, 1 << 20]) {
    test(`chunks of ${size} bytes: fields, the file spooled with its SHA-1 and head`, async () => {
      const got = await receiveUpload(
        request(
          body([
            { name: 'topic', data: 'avatar' },
            { name: 'file', filename: '头像 a.png', type: 'image/png', data },
          ]),
          size,
        ),
        1 << 20,
        scratch,
      );
      expect(got.fields).toEqual({ topic: 'avatar' });
      expect(got.file).toMatchObject({ name: '头像 a.png', type: 'image/png', size: data.length, sha1 });
      expect(got.file?.head).toEqual(data);
      expect(new Uint8Array(readFileSync(got.file?.path ?? ''))).toEqual(data);
      rmSync(got.file?.path ?? '');
    });
  }

  test("filename* (RFC 5987) wins; a browser's %22 is a quote; only the first file part is kept", async () => {
    const got = await receiveUpload(
      request(
        body([
          { name: 'file', filename: 'fallback.pdf', star: '%E4%BF%9D%E5%8D%95.pdf', data: 'one' },
          { name: 'file', filename: 'second.pdf', data: 'two' },
          { name: 'note', filename: 'a%22b.txt', data: 'skipped' },
        ]),
        5,
      ),
      1 << 20,
      scratch,
    );
    expect(got.file?.name).toBe('保单.pdf');
    expect(readFileSync(got.file?.path ?? '', 'utf8')).toBe('one');
    rmSync(got.file?.path ?? '');
    expect(leftovers()).toEqual([]);
  });

  test('past the cap: 413 at once, the spool removed; a declared length over the cap is refused unread', async () => {
    const big = new Uint8Array(300_000);
    const err = await receiveUpload(request(body([{ name: 'file', filename: 'a.png', data: big }]), 8192), 100_000, scratch).catch(
      (e) => e,
    );
    expect(err.status).toBe(413);
    expect(leftovers()).toEqual([]);
    const declared = await receiveUpload(request(enc.encode('x'), 1, { 'content-length': '999999' }), 1000, scratch).catch((e) => e);
    expect(declared.status).toBe(413);
  });

  test('malformed: unterminated, bad line after a delimiter, a huge header block or field → 400, nothing left', async () => {
    const cases = [
      `--${B}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nunterminated`,
      `--${B}XX`,
      `--${B}\r\n${'X-Long: y\r\n'.repeat(2000)}\r\n\r\n--${B}--`,
      `--${B}\r\nContent-Disposition: form-data; name="topic"\r\n\r\n${'a'.repeat(10_000)}\r\n--${B}--`,
      '',
    ];
    for (const text of cases) {
      const err = await receiveUpload(request(enc.encode(text), 100), 1 << 20, scratch).catch((e) => e);
      expect([text.slice(0, 30), err.status]).toEqual([text.slice(0, 30), 400]);
    }
    expect(leftovers()).toEqual([]);
  });

  test('boundary: quoted or bare; not multipart is null', () => {
    expect(boundaryOf('multipart/form-data; boundary="a b"')).toBe('a b');
    expect(boundaryOf('multipart/form-data; charset=utf-8; boundary=----WebKit12')).toBe('----WebKit12');
    expect(boundaryOf('application/json')).toBeNull();
    expect(boundaryOf('multipart/form-data')).toBeNull();
  });
});
