/** Tiny files with real headers for the upload tests (headers only: nothing here decodes pixels). */
import { ensureDatabase } from '~/server/db/seed';
import { type Engine, freshDatabase, type TestDatabase } from '../../../tests/support/test-db';

const be32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];

/** A PNG signature and IHDR chunk for `width` × `height`, padded with `extra` bytes. */
export function png(width: number, height: number, extra = 0): Uint8Array<ArrayBuffer> {
  const head = [
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
  ];
  const out = new Uint8Array(head.length + 4 + extra);
  out.set(head);
  for (let i = head.length + 4; i < out.length; i++) out[i] = (i * 31) & 255;
  return out;
}

export const gif = (width: number, height: number) =>
  new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, width & 255, width >> 8, height & 255, height >> 8, 0, 0, 0, 0x3b]);

/** SOI, an APP0 segment, then SOF0 with the frame size. */
export const jpeg = (width: number, height: number) =>
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
export function webp(width: number, height: number): Uint8Array<ArrayBuffer> {
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
