/**
 * The decode step of an upload's content check. The header's size has passed the pixel cap
 * (`sizeAcceptable`) before anything here runs, so a decompression bomb never reaches a decoder.
 *
 * - PNG (every chunk's CRC checked first), WebP and BMP: `Bun.Image`, fitted into DECODE_EDGE px,
 *   off the event loop (it decodes on a worker thread; fast-png took ~1 s and ~250 MB on the event
 *   loop for a 12-megapixel PNG, Bun.Image ~0.13 s). An animated WebP is decoded by its first
 *   frame, as a GIF is (libwebp's still-image API refuses animations).
 * - JPEG and GIF: resvg draws the image fitted into DECODE_EDGE px (as the avatar does). Bun.Image
 *   is not used for JPEG: it accepts garbage in place of the entropy-coded data (as libjpeg does,
 *   with a warning), resvg refuses it.
 *
 * One decode runs at a time in a process, its file read only when its turn comes (Bun.Image would
 * otherwise decode in parallel on worker threads), so the memory an image decode takes is one
 * image's, not every upload's at once.
 * Costs: docs/benchmarks.md (Uploads).
 */
import { createRequire } from 'node:module';
import type * as ResvgModule from '@resvg/resvg-js';
import { type Dimensions, type Kind, MAX_PIXELS } from './sniff';

/** The longest side the decoders draw at: enough to prove the pixels decode, cheap to keep. */
export const DECODE_EDGE = 64;

// resvg is a native addon: required at run time (as the captcha does) so the app's bundler leaves it.
let resvg: typeof ResvgModule | undefined;
const loadResvg = () => {
  resvg ??= createRequire(import.meta.url)('@resvg/resvg-js') as typeof ResvgModule;
  return resvg;
};

/** The `href` resvg asks us to resolve; the bytes are handed over directly (no base64 data: URL). */
const HREF = 'https://decode.invalid/image';

/**
 * resvg draws the image through a filter that sets every pixel's alpha to 1: an image that decoded
 * (even a fully transparent one) leaves opaque pixels, one resvg could not decode leaves none.
 */
function resvgDecodes(bytes: Uint8Array, size: Dimensions): boolean {
  const scale = Math.min(1, DECODE_EDGE / Math.max(size.width, size.height));
  const w = Math.max(1, Math.round(size.width * scale));
  const h = Math.max(1, Math.round(size.height * scale));
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">` +
    '<filter id="o" x="0" y="0" width="1" height="1"><feColorMatrix type="matrix" values="0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1"/></filter>' +
    `<image width="${w}" height="${h}" preserveAspectRatio="none" filter="url(#o)" href="${HREF}"/></svg>`;
  try {
    const { Resvg } = loadResvg();
    const r = new Resvg(svg, { font: { loadSystemFonts: false } });
    r.resolveImage(HREF, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    const px = r.render().pixels;
    for (let i = 3; i < px.length; i += 4) if (px[i] !== 0) return true;
    return false;
  } catch {
    return false;
  }
}

const fourCC = (b: Uint8Array, at: number) => String.fromCharCode(...b.subarray(at, at + 4));
const u24le = (b: Uint8Array, at: number) => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8) | ((b[at + 2] ?? 0) << 16);
const u32le = (b: Uint8Array, at: number) => (u24le(b, at) | ((b[at + 3] ?? 0) << 24)) >>> 0;

function riffWebp(chunks: Uint8Array[]): Uint8Array {
  const size = 4 + chunks.reduce((n, c) => n + c.byteLength, 0);
  const out = new Uint8Array(8 + size);
  out.set([0x52, 0x49, 0x46, 0x46, size & 255, (size >>> 8) & 255, (size >>> 16) & 255, size >>> 24, 0x57, 0x45, 0x42, 0x50]);
  let at = 12;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/**
 * An animated WebP's first frame as a still WebP (its ALPH and VP8/VP8L chunks, under a VP8X
 * header when it has alpha); the bytes unchanged when the file is not animated; null when the
 * animation holds no frame.
 */
export function firstWebpFrame(b: Uint8Array): Uint8Array | null {
  if (fourCC(b, 12) !== 'VP8X' || ((b[20] ?? 0) & 0x02) === 0) return b;
  for (let at = 12; at + 8 <= b.length; ) {
    const len = u32le(b, at + 4);
    const end = at + 8 + len;
    if (end > b.length) return null;
    if (fourCC(b, at) === 'ANMF' && len >= 16) {
      // Frame header: x, y, width - 1, height - 1, duration (3 bytes each), flags; then its chunks.
      const frame = b.subarray(at + 24, end);
      const alpha = frame.length >= 4 && fourCC(frame, 0) === 'ALPH';
      if (!alpha) return riffWebp([frame]);
      const vp8x = new Uint8Array(18);
      vp8x.set([0x56, 0x50, 0x38, 0x58, 10, 0, 0, 0, 0x10, 0, 0, 0]);
      vp8x.set(b.subarray(at + 14, at + 20), 12);
      return riffWebp([vp8x, frame]);
    }
    at = end + (len & 1);
  }
  return null;
}

async function bunImageDecodes(bytes: Uint8Array): Promise<boolean> {
  try {
    await new Bun.Image(bytes, { maxPixels: MAX_PIXELS })
      .resize(DECODE_EDGE, DECODE_EDGE, { fit: 'inside', withoutEnlargement: true })
      .png()
      .bytes();
    return true;
  } catch {
    return false;
  }
}

const u32be = (b: Uint8Array, at: number) =>
  (((b[at] ?? 0) << 24) | ((b[at + 1] ?? 0) << 16) | ((b[at + 2] ?? 0) << 8) | (b[at + 3] ?? 0)) >>> 0;

/**
 * Every chunk of a PNG is whole and its CRC matches, up to IEND (the decoder does not check CRCs:
 * a damaged byte in the image data would otherwise pass as other pixels).
 */
export function pngChunksIntact(b: Uint8Array): boolean {
  for (let at = 8; at + 12 <= b.length; ) {
    const len = u32be(b, at);
    const end = at + 12 + len;
    if (end > b.length) return false;
    if (Bun.hash.crc32(b.subarray(at + 4, at + 8 + len)) !== u32be(b, at + 8 + len)) return false;
    if (fourCC(b, at + 4) === 'IEND') return true;
    at = end;
  }
  return false;
}

let last: Promise<unknown> = Promise.resolve();

/** Runs `job` after every decode started before it. */
function oneAtATime<T>(job: () => Promise<T>): Promise<T> {
  const run = last.then(job, job);
  last = run.catch(() => {});
  return run;
}

async function decodes(kind: Kind, bytes: Uint8Array, size: Dimensions): Promise<boolean> {
  switch (kind) {
    case 'png':
      return pngChunksIntact(bytes) && bunImageDecodes(bytes);
    case 'jpeg':
    case 'gif':
      return resvgDecodes(bytes, size);
    case 'webp': {
      const still = firstWebpFrame(bytes);
      return still !== null && bunImageDecodes(still);
    }
    case 'bmp':
      return bunImageDecodes(bytes);
    default:
      return false;
  }
}

/**
 * Whether an image of `kind` really decodes. `size` is its header's size, already within the
 * pixel cap (the caller checks that first). `bytes` may be a reader, called when this decode's
 * turn comes (null: nothing to decode). False for anything that is not one of the image kinds.
 */
export function imageDecodes(kind: Kind, bytes: Uint8Array | (() => Promise<Uint8Array | null>), size: Dimensions): Promise<boolean> {
  return oneAtATime(async () => {
    const all = typeof bytes === 'function' ? await bytes() : bytes;
    return all !== null && decodes(kind, all, size);
  });
}
