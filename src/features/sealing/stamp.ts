/**
 * Stamping a PDF (pure: bytes in, bytes out; runs inside the sealing Worker): the seal image at
 * each placement, the cross-page (骑缝章) strips at the right edge, the verification line in
 * every page's bottom margin, and `/SealCode` in the document info.
 */
import {
  clip,
  concatTransformationMatrix,
  endPath,
  type PDFDict,
  PDFDocument,
  PDFName,
  type PDFPage,
  PDFString,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  StandardFonts,
} from '@cantoo/pdf-lib';
import { sealFont } from './seal-art';

/** Millimetres → PDF points. */
export const mmToPt = (mm: number) => (mm * 72) / 25.4;

export interface StampPlan {
  /** Centres as fractions of the page from its top-left corner; `page` is 1-based. */
  stamps: { page: number; x: number; y: number }[];
  every_page: { x: number; y: number } | null;
  cross_page: { y: number } | null;
}

export interface StampInput {
  pdf: Uint8Array;
  sealPng: Uint8Array;
  diameterMm: number;
  plan: StampPlan;
  /** The formatted code, `XXXX-XXXX-XXXX`. */
  code: string;
  /** Where the margin line sends a reader: `{portal}/verify?code=…`. */
  verifyBase: string;
  onProgress?: (pagesDone: number, pagesTotal: number) => void;
}

/**
 * Runs of 2–20 pages, as even as possible: n pages make ceil(n / 20) runs whose sizes differ by
 * at most one. Returns each page's (run size, index in run), 0-based; empty below 2 pages.
 */
export function crossPageRuns(n: number): { k: number; i: number }[] {
  if (n < 2) return [];
  const runs = Math.ceil(n / 20);
  const base = Math.floor(n / runs);
  const extra = n % runs;
  const out: { k: number; i: number }[] = [];
  for (let r = 0; r < runs; r++) {
    const k = base + (r < extra ? 1 : 0);
    for (let i = 0; i < k; i++) out.push({ k, i });
  }
  return out;
}

/** The verification line of page `i` of `n`. */
export function marginLine(code: string, verifyBase: string, i: number, n: number): string {
  return `验证码 Verification code ${code} · ${verifyBase}/verify?code=${code} · ${i}/${n}`;
}

const LABEL = '验证码';
let label: Promise<{ path: string; advance: number }> | undefined;

/**
 * '验证码' as outlines at 100 units (drawn as vector paths: embedding even a 3-glyph subset of the
 * 14 MB CJK font costs ~0.2 s a document in fontkit; the rest of the line is Helvetica).
 */
function labelOutline(): Promise<{ path: string; advance: number }> {
  label ??= sealFont().then((font) => ({
    path: font.getPath(LABEL, 0, 80, 100).toPathData(2),
    advance: font.getAdvanceWidth(LABEL, 100),
  }));
  return label;
}

interface Assets {
  bytes: Uint8Array;
  /** The label's width at 100 units (its page is that wide and 100 high, baseline at 20). */
  labelAdvance: number;
}
const assetCache = new Map<string, Assets>();

/**
 * The seal image (page 1, 100 × 100) and the '验证码' label (page 2) as a small PDF, cached per
 * image: embedding its pages copies compressed streams once per document, where embedding the PNG
 * again would decode and re-encode it (~0.1 s) and paths per page would bloat the file.
 */
async function assetsFor(png: Uint8Array): Promise<Assets> {
  const key = new Bun.CryptoHasher('sha1').update(png).digest('hex');
  const hit = assetCache.get(key);
  if (hit) return hit;
  const outline = await labelOutline();
  const doc = await PDFDocument.create();
  const image = await doc.embedPng(png);
  doc.addPage([100, 100]).drawImage(image, { x: 0, y: 0, width: 100, height: 100 });
  doc.addPage([outline.advance, 100]).drawSvgPath(outline.path, { x: 0, y: 100, color: rgb(0.35, 0.35, 0.35), borderWidth: 0 });
  const assets = { bytes: await doc.save(), labelAdvance: outline.advance };
  if (assetCache.size > 32) assetCache.clear();
  assetCache.set(key, assets);
  return assets;
}

/**
 * How a page is shown, as PDFium shows it (previews, placement checks and every viewer): the
 * visible box (the CropBox within the MediaBox) turned by `/Rotate` (inherited, quarter turns
 * clockwise). `W` × `H` is the shown size in points, and `matrix` maps "shown" coordinates (origin at
 * the shown page's bottom-left, y up) into the page's own user space, so whatever is drawn under it
 * lands where the member put it on the preview and stands upright on a rotated page.
 */
export function pageFrame(page: PDFPage): { W: number; H: number; matrix: [number, number, number, number, number, number] } {
  const media = page.getMediaBox();
  let box = media;
  if (page.node.CropBox()) {
    const crop = page.getCropBox();
    const x0 = Math.max(crop.x, media.x);
    const y0 = Math.max(crop.y, media.y);
    const x1 = Math.min(crop.x + crop.width, media.x + media.width);
    const y1 = Math.min(crop.y + crop.height, media.y + media.height);
    if (x1 > x0 && y1 > y0) box = { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
  }
  const { x, y, width: bw, height: bh } = box;
  // PDFium: (Rotate / 90) % 4 on the integer part, negative turns counted from 4.
  const turns = (((Math.trunc(page.getRotation().angle / 90) % 4) + 4) % 4) as 0 | 1 | 2 | 3;
  switch (turns) {
    case 1: // shown top-left is the box's bottom-left
      return { W: bh, H: bw, matrix: [0, 1, -1, 0, x + bw, y] };
    case 2:
      return { W: bw, H: bh, matrix: [-1, 0, 0, -1, x + bw, y + bh] };
    case 3: // shown top-left is the box's top-right
      return { W: bh, H: bw, matrix: [0, -1, 1, 0, x, y + bh] };
    default:
      return { W: bw, H: bh, matrix: [1, 0, 0, 1, x, y] };
  }
}

/** Stamp the document; resolves to the final bytes. */
export async function stampPdf(input: StampInput): Promise<Uint8Array> {
  const assets = await assetsFor(input.sealPng);
  const doc = await PDFDocument.load(input.pdf, { updateMetadata: false });
  const [seal, labelPage] = await doc.embedPdf(assets.bytes, [0, 1]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const pages = doc.getPages();
  const n = pages.length;
  const d = mmToPt(input.diameterMm);
  const runs = input.plan.cross_page ? crossPageRuns(n) : [];
  const byPage = new Map<number, { x: number; y: number }[]>();
  for (const s of input.plan.stamps) byPage.set(s.page, [...(byPage.get(s.page) ?? []), s]);
  const grey = rgb(0.35, 0.35, 0.35);

  pages.forEach((page, idx) => {
    // Everything below is drawn in the page's shown frame (see pageFrame).
    const { W, H, matrix } = pageFrame(page);
    page.pushOperators(pushGraphicsState(), concatTransformationMatrix(...matrix));
    const place = (p: { x: number; y: number }) => page.drawPage(seal, { x: p.x * W - d / 2, y: H - p.y * H - d / 2, width: d, height: d });
    for (const p of byPage.get(idx + 1) ?? []) place(p);
    if (input.plan.every_page) place(input.plan.every_page);
    const run = runs[idx];
    if (input.plan.cross_page && run) {
      // Strip i of k: the slice [i·d/k, (i+1)·d/k] of the seal shows at the right edge, clipped.
      const w = d / run.k;
      const yc = H - input.plan.cross_page.y * H;
      page.pushOperators(pushGraphicsState(), rectangle(W - w, yc - d / 2, w, d), clip(), endPath());
      page.drawPage(seal, { x: W - (run.i + 1) * w, y: yc - d / 2, width: d, height: d });
      page.pushOperators(popGraphicsState());
    }
    // The verification line: '验证码' as outlines, then the rest as Helvetica text, centred.
    const rest = marginLine(input.code, input.verifyBase, idx + 1, n).slice(LABEL.length);
    let size = 6.5;
    const widthAt = (s: number) => (assets.labelAdvance * s) / 100 + font.widthOfTextAtSize(rest, s);
    if (widthAt(size) > W - 24) size = (size * (W - 24)) / widthAt(size);
    const x0 = (W - widthAt(size)) / 2;
    const scale = size / 100;
    page.drawPage(labelPage, { x: x0, y: 10 - 20 * scale, width: assets.labelAdvance * scale, height: 100 * scale });
    page.drawText(rest, { x: x0 + assets.labelAdvance * scale, y: 10, size, font, color: grey });
    page.pushOperators(popGraphicsState());
    input.onProgress?.(idx + 1, n);
  });

  const info = infoDict(doc);
  info.set(PDFName.of('SealCode'), PDFString.of(input.code));
  return doc.save();
}

/** The document information dictionary (pdf-lib keeps its getter private). */
function infoDict(doc: PDFDocument): PDFDict {
  return (doc as unknown as { getInfoDict(): PDFDict }).getInfoDict();
}

/** The `/SealCode` of a PDF's document info, or null (unreadable bytes included). */
export async function readSealCode(bytes: Uint8Array): Promise<string | null> {
  try {
    const doc = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true });
    const value = infoDict(doc).lookup(PDFName.of('SealCode'));
    if (value instanceof PDFString) return value.decodeText();
    const text = value?.toString() ?? '';
    return text ? text.replace(/^\(|\)$/g, '') : null;
  } catch {
    return null;
  }
}
