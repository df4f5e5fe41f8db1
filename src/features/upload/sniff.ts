/**
 * What a file really holds, from its first bytes, and an image's dimensions from its header.
 * Server-side only: the client's name and MIME type are claims, these are facts.
 */

export type Kind = 'png' | 'jpeg' | 'gif' | 'webp' | 'bmp' | 'pdf' | 'zip' | 'rar' | 'ole' | 'markup' | 'unknown';

/** The MIME type each detected kind is stored and served with. */
export const KIND_MIME: Record<Kind, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  pdf: 'application/pdf',
  zip: 'application/zip',
  rar: 'application/vnd.rar',
  ole: 'application/x-ole-storage',
  markup: 'text/plain',
  unknown: 'application/octet-stream',
};

/** Kinds each suffix may hold; a suffix missing here may hold anything except markup. */
const SUFFIX_KINDS: Record<string, Kind[]> = {
  png: ['png'],
  jpg: ['jpeg'],
  jpeg: ['jpeg'],
  gif: ['gif'],
  webp: ['webp'],
  bmp: ['bmp'],
  pdf: ['pdf'],
  zip: ['zip'],
  rar: ['rar'],
  xlsx: ['zip'],
  docx: ['zip'],
  pptx: ['zip'],
  xls: ['ole'],
  doc: ['ole'],
  ppt: ['ole'],
};

export const IMAGE_KINDS = new Set<Kind>(['png', 'jpeg', 'gif', 'webp', 'bmp']);

const starts = (b: Uint8Array, sig: number[], at = 0) => sig.every((v, i) => b[at + i] === v);
const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));

/** The kind of content, from its magic bytes (markup: HTML, SVG, XML or script text). */
export function detectKind(b: Uint8Array): Kind {
  if (starts(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts(b, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP') return 'webp';
  if (ascii(b, 0, 2) === 'BM' && b.length >= 26) return 'bmp';
  if (ascii(b, 0, 5) === '%PDF-') return 'pdf';
  if (starts(b, [0x50, 0x4b, 0x03, 0x04]) || starts(b, [0x50, 0x4b, 0x05, 0x06])) return 'zip';
  if (ascii(b, 0, 6) === 'Rar!\x1a\x07') return 'rar';
  if (starts(b, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole';
  // Browsers sniff markup anywhere in the first 512 bytes; so do we (BOM and whitespace skipped).
  const head = new TextDecoder('utf-8', { fatal: false })
    .decode(b.subarray(0, 1024))
    .replace(/^\uFEFF/, '')
    .toLowerCase();
  if (/<(!doctype|html|head|body|script|svg|iframe|\?xml|a\s|img|div|meta|title|style)/.test(head)) return 'markup';
  return 'unknown';
}

/** Whether content of `kind` may carry the suffix (markup never may). */
export function kindFitsSuffix(kind: Kind, suffix: string): boolean {
  if (kind === 'markup') return false;
  const allowed = SUFFIX_KINDS[suffix];
  return allowed ? allowed.includes(kind) : true;
}

export interface Dimensions {
  width: number;
  height: number;
}

const u16be = (b: Uint8Array, i: number) => ((b[i] ?? 0) << 8) | (b[i + 1] ?? 0);
const u16le = (b: Uint8Array, i: number) => (b[i] ?? 0) | ((b[i + 1] ?? 0) << 8);
const u24le = (b: Uint8Array, i: number) => u16le(b, i) | ((b[i + 2] ?? 0) << 16);
const u32be = (b: Uint8Array, i: number) => u16be(b, i) * 65536 + u16be(b, i + 2);
const i32le = (b: Uint8Array, i: number) => new DataView(b.buffer, b.byteOffset).getInt32(i, true);

function jpegSize(b: Uint8Array): Dimensions | null {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1] ?? 0;
    if (marker === 0xff) {
      i++;
      continue;
    }
    const len = u16be(b, i + 2);
    // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: u16be(b, i + 5), width: u16be(b, i + 7) };
    }
    if (len < 2) return null;
    i += 2 + len;
  }
  return null;
}

function webpSize(b: Uint8Array): Dimensions | null {
  const chunk = ascii(b, 12, 16);
  if (chunk === 'VP8X') return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
  if (chunk === 'VP8L' && b[20] === 0x2f) {
    const bits = (b[21] ?? 0) | ((b[22] ?? 0) << 8) | ((b[23] ?? 0) << 16) | ((b[24] ?? 0) << 24);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8 ' && starts(b, [0x9d, 0x01, 0x2a], 23)) return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  return null;
}

/** An image's width and height from its header, or null when the header is not readable. */
export function imageSize(kind: Kind, b: Uint8Array): Dimensions | null {
  switch (kind) {
    case 'png':
      return ascii(b, 12, 16) === 'IHDR' ? { width: u32be(b, 16), height: u32be(b, 20) } : null;
    case 'gif':
      return b.length >= 10 ? { width: u16le(b, 6), height: u16le(b, 8) } : null;
    case 'jpeg':
      return jpegSize(b);
    case 'webp':
      return webpSize(b);
    case 'bmp':
      return b.length >= 26 ? { width: Math.abs(i32le(b, 18)), height: Math.abs(i32le(b, 22)) } : null;
    default:
      return null;
  }
}

/** Largest image taken: 40 megapixels and 16384 px a side (a decompression bomb stops here). */
export const MAX_PIXELS = 40_000_000;
export const MAX_SIDE = 16_384;

export const sizeAcceptable = (d: Dimensions) =>
  d.width > 0 && d.height > 0 && d.width <= MAX_SIDE && d.height <= MAX_SIDE && d.width * d.height <= MAX_PIXELS;
