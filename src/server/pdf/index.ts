/**
 * PDF building blocks shared by every area that writes PDFs (policies, endorsement notices,
 * invoices, sealed files): pdf-lib (the maintained `@cantoo/pdf-lib` fork) with fontkit and a
 * Chinese serif font from npm, embedded as a subset so a page of text stays a few KB.
 */
import { PDFDocument, type PDFFont } from '@cantoo/pdf-lib';
import fontkit from '@cantoo/fontkit';

const CJK_FONT_FILE = '@expo-google-fonts/noto-serif-sc/400Regular/NotoSerifSC_400Regular.ttf';
let fontBytes: Promise<Uint8Array> | undefined;

/** The CJK font's bytes, read once per process (14 MB; only the used glyphs reach a PDF). */
export function cjkFontBytes(): Promise<Uint8Array> {
  fontBytes ??= Bun.file(Bun.resolveSync(CJK_FONT_FILE, import.meta.dir)).bytes();
  return fontBytes;
}

/** Register fontkit on a document and embed the CJK font as a subset. */
export async function embedCjkFont(doc: PDFDocument): Promise<PDFFont> {
  doc.registerFontkit(fontkit);
  return doc.embedFont(await cjkFontBytes(), { subset: true });
}

/** A new document with the CJK font ready: `{ doc, font }`. */
export async function newPdf(): Promise<{ doc: PDFDocument; font: PDFFont }> {
  const doc = await PDFDocument.create();
  return { doc, font: await embedCjkFont(doc) };
}
