/** Fixtures of the sealing tests (not shipped code): PDFs, seal PNGs, red-pixel counting. */
import { degrees, PDFDocument } from '@cantoo/pdf-lib';
import { encode } from 'fast-png';
import { renderPage } from '~/features/sealing/pdf-tools';
import { mmToPt } from '~/features/sealing/stamp';

/**
 * A PDF of `pages` A4 pages with a line of text each; `rotate[i]` sets page i's `/Rotate`, `crop[i]`
 * its CropBox `[x, y, width, height]` (a MediaBox that large is grown around it).
 */
export async function makePdf(
  pages: number,
  opts: { encrypt?: boolean; size?: [number, number]; rotate?: number[]; crop?: ([number, number, number, number] | null)[] } = {},
): Promise<Uint8Array<ArrayBuffer>> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) {
    const crop = opts.crop?.[i];
    const [w, h] = opts.size ?? [595.28, 841.89];
    const page = doc.addPage(crop ? [crop[0] + crop[2] + 60, crop[1] + crop[3] + 60] : [w, h]);
    page.drawText(`Page ${i + 1}`, { x: (crop?.[0] ?? 0) + 50, y: (crop?.[1] ?? 0) + 780, size: 20 });
    if (crop) page.setCropBox(...crop);
    if (opts.rotate?.[i]) page.setRotation(degrees(opts.rotate[i]));
  }
  if (opts.encrypt) doc.encrypt({ userPassword: 'secret', ownerPassword: 'owner' });
  return new Uint8Array(await doc.save());
}

/** A PNG of w × h RGBA pixels; `clear` is the share of fully transparent pixels (rows at the top). */
export function rgbaPng(w: number, h: number, clear: number): Uint8Array<ArrayBuffer> {
  const data = new Uint8Array(w * h * 4);
  const clearRows = Math.round(h * clear);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 4;
      data.set([215, 20, 26, y < clearRows ? 0 : 255], i);
    }
  return new Uint8Array(encode({ width: w, height: h, data, channels: 4, depth: 8 }));
}

/** An RGB PNG (no alpha at all). */
export function opaquePng(w: number, h: number): Uint8Array<ArrayBuffer> {
  const data = new Uint8Array(w * h * 3).fill(255);
  return new Uint8Array(encode({ width: w, height: h, data, channels: 3, depth: 8 }));
}

const isRed = (d: Uint8Array, i: number) => d[i] > 150 && d[i + 1] < 110 && d[i + 2] < 110;
/** Anything visibly darker than the white page (text, lines, seals). */
const isInk = (d: Uint8Array, i: number) => d[i] + d[i + 1] + d[i + 2] < 600;

type Box = { x0: number; y0: number; x1: number; y1: number };

/** Whether each pixel of `box` (PDF points from the shown page's top-left, 2 px a point) passes `test`, row by row. */
async function scan(pdf: Uint8Array, index: number, box: Box, pageWidthPt: number, test: (d: Uint8Array, i: number) => boolean) {
  const scale = 2;
  const r = await renderPage(pdf, index, Math.round(pageWidthPt * scale));
  // The same box size in pixels wherever the box lies, so masks of two renders line up.
  const left = Math.round(box.x0 * scale);
  const top = Math.round(box.y0 * scale);
  const right = left + Math.round((box.x1 - box.x0) * scale);
  const bottom = top + Math.round((box.y1 - box.y0) * scale);
  const out: boolean[] = [];
  for (let y = top; y < bottom; y++)
    for (let x = left; x < right; x++) out.push(x >= 0 && y >= 0 && x < r.width && y < r.height && test(r.data, (y * r.width + x) * 4));
  return out;
}

/**
 * Red pixels of page `index` (0-based) inside a box given in PDF points from the top-left
 * (rendered at 2 px per point).
 */
export async function redPixels(pdf: Uint8Array, index: number, box: Box, pageWidthPt = 595.28): Promise<number> {
  return (await scan(pdf, index, box, pageWidthPt, isRed)).filter(Boolean).length;
}

/** Pixels with any ink (not near-white) in the box, like {@link redPixels}. */
export async function inkPixels(pdf: Uint8Array, index: number, box: Box, pageWidthPt = 595.28): Promise<number> {
  return (await scan(pdf, index, box, pageWidthPt, isInk)).filter(Boolean).length;
}

/** Which pixels of the box are red (to compare two renders of a seal). */
export interface Mask {
  width: number;
  bits: boolean[];
}
export async function redMask(pdf: Uint8Array, index: number, box: Box, pageWidthPt = 595.28): Promise<Mask> {
  return { width: Math.round((box.x1 - box.x0) * 2), bits: await scan(pdf, index, box, pageWidthPt, isRed) };
}

/**
 * Intersection over union of two masks of one box size, the best over shifts of up to `slack`
 * pixels (two renders of one picture at fractional positions land up to a pixel apart).
 */
export function maskOverlap(a: Mask, b: Mask, slack = 2): number {
  const w = a.width;
  const h = Math.floor(a.bits.length / w);
  let best = 0;
  for (let dy = -slack; dy <= slack; dy++)
    for (let dx = -slack; dx <= slack; dx++) {
      let both = 0;
      let either = 0;
      for (let y = 0; y < h; y++)
        for (let x = 0; x < w; x++) {
          const sx = x + dx;
          const sy = y + dy;
          const p = sx >= 0 && sy >= 0 && sx < w && sy < h && a.bits[sy * w + sx];
          const q = b.bits[y * w + x];
          if (p && q) both++;
          if (p || q) either++;
        }
      if (either) best = Math.max(best, both / either);
    }
  return best;
}

/** The box of a seal of `diameterMm` centred at fractions (x, y) of a W × H page. */
export function circleBox(x: number, y: number, W: number, H: number, diameterMm = 40) {
  const r = mmToPt(diameterMm) / 2;
  return { x0: x * W - r, y0: y * H - r, x1: x * W + r, y1: y * H + r };
}

/** A real JPEG (white, encoded by the runtime): uploads decode every image they take. */
export async function jpegImage(width: number, height: number): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await new Bun.Image(opaquePng(width, height)).jpeg().bytes());
}
