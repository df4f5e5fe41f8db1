import { expect, test } from 'bun:test';
import { firstWebpFrame, imageDecodes } from './decode-image';
import { detectKind, imageSize } from './sniff';
import { bmpImage, corrupt, gifImage, jpegHeader, jpegImage, png, pngHeader, text, webpImage } from '../../../tests/support/upload-files';

/** What the upload does: kind and size from the header, then the decode. */
async function decodes(bytes: Uint8Array): Promise<boolean> {
  const kind = detectKind(bytes);
  const size = imageSize(kind, bytes);
  if (!size) throw new Error(`no header size for ${kind}`);
  return imageDecodes(kind, bytes, size);
}

/** Where a JPEG's segment with `marker` ends (after its length bytes). */
function segmentEnd(jpeg: Uint8Array, marker: number): number {
  for (let i = 2; i + 3 < jpeg.length; i++) {
    if (jpeg[i] === 0xff && jpeg[i + 1] === marker) return i + 2 + (((jpeg[i + 2] ?? 0) << 8) | (jpeg[i + 3] ?? 0));
  }
  throw new Error('marker not found');
}

/** A RIFF chunk. */
function chunk(id: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(8 + data.length + (data.length & 1));
  out.set(Array.from(id, (c) => c.charCodeAt(0)));
  new DataView(out.buffer).setUint32(4, data.length, true);
  out.set(data, 8);
  return out;
}

function riff(...chunks: Uint8Array[]): Uint8Array {
  const body = new Uint8Array(4 + chunks.reduce((n, c) => n + c.length, 0));
  body.set([0x57, 0x45, 0x42, 0x50]);
  let at = 4;
  for (const c of chunks) {
    body.set(c, at);
    at += c.length;
  }
  return new Uint8Array([0x52, 0x49, 0x46, 0x46, ...new Uint8Array(new Uint32Array([body.length]).buffer), ...body]);
}

/** A two-frame animated WebP whose frames are the still's bitstream chunk. */
function animatedWebp(still: Uint8Array, width: number, height: number): Uint8Array {
  let at = 12;
  while (!['VP8 ', 'VP8L'].includes(String.fromCharCode(...still.subarray(at, at + 4)))) {
    at += 8 + new DataView(still.buffer, still.byteOffset).getUint32(at + 4, true);
    at += at & 1;
  }
  const bitstream = still.subarray(at, at + 8 + new DataView(still.buffer, still.byteOffset).getUint32(at + 4, true));
  const u24 = (n: number) => [n & 255, (n >> 8) & 255, (n >> 16) & 255];
  const frame = chunk('ANMF', new Uint8Array([...u24(0), ...u24(0), ...u24(width - 1), ...u24(height - 1), ...u24(100), 0, ...bitstream]));
  const vp8x = chunk('VP8X', new Uint8Array([0x02, 0, 0, 0, ...u24(width - 1), ...u24(height - 1)]));
  return riff(vp8x, chunk('ANIM', new Uint8Array(6)), frame, frame);
}

test('real images of every kind decode: PNG, JPEG, GIF (a fully transparent one too), WebP, BMP', async () => {
  expect(await decodes(png(40, 30))).toBe(true);
  expect(await decodes(png(1, 1))).toBe(true);
  expect(await decodes(png(300, 20, 500))).toBe(true);
  expect(await decodes(await jpegImage(40, 30))).toBe(true);
  expect(await decodes(await jpegImage(1000, 10))).toBe(true);
  expect(await decodes(gifImage(7, 5))).toBe(true);
  // Nothing visible, yet decoded: resvg's result is not mistaken for a failure.
  expect(await decodes(gifImage(4, 4, true))).toBe(true);
  expect(await decodes(await webpImage(40, 30))).toBe(true);
  expect(await decodes(await webpImage(40, 30, true))).toBe(true);
  expect(await decodes(bmpImage(5, 4))).toBe(true);
});

test('an animated WebP decodes by its first frame', async () => {
  const anim = animatedWebp(await webpImage(6, 4, true), 6, 4);
  expect(detectKind(anim)).toBe('webp');
  expect(imageSize('webp', anim)).toEqual({ width: 6, height: 4 });
  expect(firstWebpFrame(anim)).not.toBe(anim);
  expect(await decodes(anim)).toBe(true);
  // A frame whose bitstream is damaged is refused like a still one.
  expect(await decodes(corrupt(anim, 81))).toBe(false);
  const still = await webpImage(6, 4);
  expect(firstWebpFrame(still)).toBe(still);
});

test('a valid header over a damaged or missing body does not decode', async () => {
  const p = png(40, 30);
  // After the IHDR chunk (33 bytes): garbage; one flipped byte in the image data (CRC); half the file.
  expect(await decodes(corrupt(p, 33))).toBe(false);
  const flipped = Uint8Array.from(p);
  flipped[p.length - 20] = (flipped[p.length - 20] ?? 0) ^ 0xff;
  expect(await decodes(flipped)).toBe(false);
  expect(await decodes(p.subarray(0, p.length >> 1))).toBe(false);
  expect(await decodes(pngHeader(40, 30))).toBe(false);

  const j = await jpegImage(40, 30);
  expect(await decodes(corrupt(j, segmentEnd(j, 0xc0)))).toBe(false);
  expect(await decodes(corrupt(j, segmentEnd(j, 0xda)))).toBe(false);
  expect(await decodes(jpegHeader(40, 30))).toBe(false);

  expect(await decodes(corrupt(gifImage(7, 5), 25))).toBe(false);
  expect(await decodes(corrupt(await webpImage(40, 30), 30))).toBe(false);
  expect(await decodes(corrupt(await webpImage(40, 30, true), 25))).toBe(false);
  const b = bmpImage(5, 4);
  expect(await decodes(b.subarray(0, 60))).toBe(false);
});

test('decodes started together all answer (they run one at a time)', async () => {
  const files = [png(30, 20), await jpegImage(30, 20), gifImage(3, 3), await webpImage(30, 20), bmpImage(3, 3), corrupt(png(30, 20), 33)];
  const each = [true, true, true, true, true, false]; // the corrupt PNG last
  expect(await Promise.all([...files, ...files].map((f) => decodes(f)))).toEqual([...each, ...each]);
});

test('only image kinds decode', async () => {
  expect(await imageDecodes('pdf', text('%PDF-1.7'), { width: 1, height: 1 })).toBe(false);
  expect(await imageDecodes('unknown', png(2, 2), { width: 2, height: 2 })).toBe(false);
});
