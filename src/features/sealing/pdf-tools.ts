/**
 * PDFium (WASM) for what pdf-lib cannot judge: whether bytes are a readable, unencrypted PDF, its
 * page sizes, and page renders for previews (RGBA from PDFium, PNG via fast-png).
 */
import { PDFiumLibrary } from '@hyzyla/pdfium';
import { encode } from 'fast-png';

let library: Promise<PDFiumLibrary> | undefined;

/**
 * One PDFium instance per process (its WASM start costs ~0.15 s). The WASM bytes are passed in:
 * the package looks for `window` to guess a browser, and test DOMs define one.
 */
export function pdfium(): Promise<PDFiumLibrary> {
  library ??= Bun.file(Bun.resolveSync('@hyzyla/pdfium/pdfium.wasm', import.meta.dir))
    .arrayBuffer()
    .then((wasmBinary) => PDFiumLibrary.init({ wasmBinary }));
  return library;
}

export type PdfProblem = 'encrypted' | 'broken';

export interface PdfFacts {
  pages: number;
  /** Page sizes in PDF points (1/72 in). */
  page_sizes: { w: number; h: number }[];
}

/** Open bytes with PDFium: the facts, or the reason it cannot be sealed. */
export async function readPdfFacts(bytes: Uint8Array): Promise<PdfFacts | PdfProblem> {
  const lib = await pdfium();
  let doc: Awaited<ReturnType<PDFiumLibrary['loadDocument']>>;
  try {
    doc = await lib.loadDocument(bytes);
  } catch (err) {
    return /password/i.test(String(err)) ? 'encrypted' : 'broken';
  }
  try {
    const pages = doc.getPageCount();
    if (pages < 1) return 'broken';
    const page_sizes: { w: number; h: number }[] = [];
    for (let i = 0; i < pages; i++) {
      const { originalWidth, originalHeight } = doc.getPage(i).getOriginalSize();
      page_sizes.push({ w: Math.round(originalWidth * 100) / 100, h: Math.round(originalHeight * 100) / 100 });
    }
    return { pages, page_sizes };
  } catch {
    return 'broken';
  } finally {
    doc.destroy();
  }
}

export interface PageRender {
  width: number;
  height: number;
  /** RGBA, row by row. */
  data: Uint8Array;
}

/** Render page `index` (0-based) `width` pixels wide on white. */
export async function renderPage(bytes: Uint8Array, index: number, width: number): Promise<PageRender> {
  const lib = await pdfium();
  const doc = await lib.loadDocument(bytes);
  try {
    const page = doc.getPage(index);
    const { originalWidth, originalHeight } = page.getOriginalSize();
    const height = Math.max(1, Math.round((width * originalHeight) / originalWidth));
    const r = await page.render({ render: 'bitmap', width, height });
    return { width: r.width, height: r.height, data: r.data };
  } finally {
    doc.destroy();
  }
}

/** A page render as PNG bytes. */
export async function renderPagePng(bytes: Uint8Array, index: number, width: number): Promise<Uint8Array> {
  const r = await renderPage(bytes, index, width);
  return encode({ width: r.width, height: r.height, data: r.data, channels: 4, depth: 8 });
}
