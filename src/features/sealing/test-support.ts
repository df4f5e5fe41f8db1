/** Fixtures of the sealing tests (not shipped code): PDFs, seal PNGs, red-pixel counting. */
import { PDFDocument } from '@cantoo/pdf-lib';
import { encode } from 'fast-png';
import { renderPage } from './pdf-tools';
import { mmToPt } from './stamp';

/** A PDF of `pages` A4 pages with a line of text each. */
export async function makePdf(pages: number, opts: { encrypt?: boolean; size?: [number, number] } = {}): Promise<Uint8Array<ArrayBuffer>> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage(opts.size ?? [595.28, 841.89]).drawText(`Page ${i + 1}`, { x: 50, y: 780, size: 20 });
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

/**
 * Red pixels of page `index` (0-based) inside a box given in PDF points from the top-left
 * (rendered at 2 px per point).
 */
export async function redPixels(
  pdf: Uint8Array,
  index: number,
  box: { x0: number; y0: number; x1: number; y1: number },
  pageWidthPt = 595.28,
): Promise<number> {
  const scale = 2;
  const r = await renderPage(pdf, index, Math.round(pageWidthPt * scale));
  let n = 0;
  for (let y = Math.max(0, Math.floor(box.y0 * scale)); y < Math.min(r.height, Math.ceil(box.y1 * scale)); y++)
    for (let x = Math.max(0, Math.floor(box.x0 * scale)); x < Math.min(r.width, Math.ceil(box.x1 * scale)); x++)
      if (isRed(r.data, (y * r.width + x) * 4)) n++;
  return n;
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
