/**
 * Files for the upload tests. `png`, `jpegImage`, `gifImage`, `webpImage` and `bmpImage` are real
 * images that decode (the server decodes every image it takes); the `…Header` ones are only the
 * first bytes with a size (for header parsing, and for bombs the pixel cap refuses before decoding).
 */
import { encode } from 'fast-png';
import type { Db } from '~/server/db/client';
import { ensureDatabase } from '~/server/db/seed';
import { ACCESS_TTL, issueToken } from '~/server/session';
import { type Engine, freshDatabase, type TestDatabase } from './test-db';

const be32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];

/** RGBA pixels of a `width` × `height` picture: opaque 16 px blocks of colour (small files, even as PNG). */
function pixels(width: number, height: number): Uint8Array {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) data.set([((x >> 4) * 40) & 255, ((y >> 4) * 40) & 255, 128, 255], (y * width + x) * 4);
  }
  return data;
}

/** A real PNG of `width` × `height`, `extra` bytes longer (a tEXt chunk) when asked: other bytes, same picture. */
export function png(width: number, height: number, extra = 0): Uint8Array<ArrayBuffer> {
  const comment =
    extra > 0
      ? { text: { c: Array.from({ length: Math.max(1, extra - 14) }, (_, i) => String.fromCharCode(97 + (i % 26))).join('') } }
      : {};
  return new Uint8Array(encode({ width, height, data: pixels(width, height), channels: 4, ...comment }));
}

/** A PNG signature and IHDR chunk for `width` × `height` and nothing else (no pixels to decode). */
export function pngHeader(width: number, height: number): Uint8Array<ArrayBuffer> {
  return new Uint8Array([
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    ...be32(13),
    0x49,
    0x48,
    0x44,
    0x52,
    ...be32(width),
    ...be32(height),
    8,
    6,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
  ]);
}

/** A real JPEG of the `png` picture (encoded by the runtime's libjpeg-turbo). */
export const jpegImage = async (width: number, height: number, quality = 85): Promise<Uint8Array<ArrayBuffer>> =>
  new Uint8Array(await new Bun.Image(png(width, height)).jpeg({ quality }).bytes());

/** A real WebP of the `png` picture (lossy, or lossless). */
export const webpImage = async (width: number, height: number, lossless = false): Promise<Uint8Array<ArrayBuffer>> =>
  new Uint8Array(await new Bun.Image(png(width, height)).webp({ quality: 80, lossless }).bytes());

/** A real uncompressed 24-bit BMP of `width` × `height` (bottom-up rows, padded to 4 bytes). */
export function bmpImage(width: number, height: number): Uint8Array<ArrayBuffer> {
  const row = Math.ceil((width * 3) / 4) * 4;
  const out = new Uint8Array(54 + row * height);
  const v = new DataView(out.buffer);
  out.set([0x42, 0x4d]);
  v.setUint32(2, out.length, true);
  v.setUint32(10, 54, true);
  v.setUint32(14, 40, true);
  v.setInt32(18, width, true);
  v.setInt32(22, height, true);
  v.setUint16(26, 1, true);
  v.setUint16(28, 24, true);
  v.setUint32(34, row * height, true);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) out.set([x & 255, y & 255, 128], 54 + y * row + x * 3);
  return out;
}

/**
 * A real GIF of `width` × `height` in 4 colours (the last one transparent when `transparent`),
 * LZW-coded without compression: a clear code before every two pixels keeps codes 3 bits wide.
 */
export function gifImage(width: number, height: number, transparent = false): Uint8Array<ArrayBuffer> {
  const codes: number[] = [];
  for (let i = 0; i < width * height; i++) {
    if (i % 2 === 0) codes.push(4);
    codes.push(transparent ? 3 : (Math.floor(i / width) + (i % width)) % 3);
  }
  codes.push(5);
  const packed: number[] = [];
  let acc = 0;
  let bits = 0;
  for (const c of codes) {
    acc |= c << bits;
    bits += 3;
    while (bits >= 8) {
      packed.push(acc & 255);
      acc >>= 8;
      bits -= 8;
    }
  }
  if (bits > 0) packed.push(acc & 255);
  const blocks: number[] = [];
  for (let i = 0; i < packed.length; i += 255) {
    const part = packed.slice(i, i + 255);
    blocks.push(part.length, ...part);
  }
  const le = (n: number) => [n & 255, n >> 8];
  return new Uint8Array([
    ...[0x47, 0x49, 0x46, 0x38, 0x39, 0x61],
    ...le(width),
    ...le(height),
    0xf1, // global colour table of 4 entries
    0,
    0,
    ...[0xc0, 0x20, 0x20, 0x20, 0x80, 0x40, 0x40, 0xc0, 0x40, 0, 0, 0],
    ...[0x21, 0xf9, 4, transparent ? 1 : 0, 0, 0, 3, 0], // graphic control: colour 3 transparent
    0x2c,
    0,
    0,
    0,
    0,
    ...le(width),
    ...le(height),
    0,
    2, // LZW minimum code size
    ...blocks,
    0,
    0x3b,
  ]);
}

export const gifHeader = (width: number, height: number) =>
  new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, width & 255, width >> 8, height & 255, height >> 8, 0, 0, 0, 0x3b]);

/** SOI, an APP0 segment, then SOF0 with the frame size (no tables, no scan). */
export const jpegHeader = (width: number, height: number) =>
  new Uint8Array([
    0xff,
    0xd8,
    0xff,
    0xe0,
    0,
    16,
    0x4a,
    0x46,
    0x49,
    0x46,
    0,
    1,
    1,
    0,
    0,
    1,
    0,
    1,
    0,
    0,
    0xff,
    0xc0,
    0,
    17,
    8,
    height >> 8,
    height & 255,
    width >> 8,
    width & 255,
    3,
    1,
    0x22,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
    0xff,
    0xd9,
  ]);

/** A lossless WebP (VP8L) header. */
export function webpHeader(width: number, height: number): Uint8Array<ArrayBuffer> {
  const bits = ((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14);
  const ascii = (s: string) => Array.from(s, (ch) => ch.charCodeAt(0));
  return new Uint8Array([
    ...ascii('RIFF'),
    26,
    0,
    0,
    0,
    ...ascii('WEBP'),
    ...ascii('VP8L'),
    13,
    0,
    0,
    0,
    0x2f,
    bits & 255,
    (bits >> 8) & 255,
    (bits >> 16) & 255,
    (bits >>> 24) & 255,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
  ]);
}

/**
 * The bytes with everything from `keep` on replaced by a fixed pattern (same length): a valid
 * header over a damaged body.
 */
export function corrupt(bytes: Uint8Array, keep: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(bytes.length);
  out.set(bytes.subarray(0, keep));
  for (let i = keep; i < out.length; i++) out[i] = (i * 37 + 11) & 255;
  return out;
}

export const text = (s: string) => new TextEncoder().encode(s);

/**
 * A fresh database with the demo members (demo, manager, operator) but no area's demo data: the
 * upload tests need members only, and stay independent of other areas' seeders.
 */
export async function seededDatabase(engine: Engine): Promise<TestDatabase> {
  const t = await freshDatabase(engine);
  await ensureDatabase(t.db, { demo: true });
  return t;
}

/** Two members of the demo seed, signed in: the demo member and the manager (someone else). */
export interface TwoMembers {
  demoId: number;
  managerId: number;
  /** Access tokens, as the `ba-user-token` header or cookie carries them. */
  demoToken: string;
  managerToken: string;
}

/** Issues access tokens for the seeded demo member and manager (the owner and "another member" of the upload tests). */
export async function twoMembers(db: Db): Promise<TwoMembers> {
  const [demo] = await db.sql`SELECT id FROM "user" WHERE username = 'demo'`;
  const [manager] = await db.sql`SELECT id FROM "user" WHERE username = 'manager'`;
  const demoId = Number(demo.id);
  const managerId = Number(manager.id);
  return {
    demoId,
    managerId,
    demoToken: (await issueToken(db, 'access', demoId, ACCESS_TTL)).token,
    managerToken: (await issueToken(db, 'access', managerId, ACCESS_TTL)).token,
  };
}
