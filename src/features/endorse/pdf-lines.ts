/**
 * A minimal text-document writer over the shared CJK PDF module: a title, label/value lines and
 * table rows on A4 pages, new pages as they fill. Used by the endorsement notice and the
 * generated invoice (exported for the invoices area through index.ts).
 */
import type { PDFFont, PDFPage } from '@cantoo/pdf-lib';
import { newPdf } from '~/server/pdf';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;

export interface TextDoc {
  title(text: string): void;
  line(text: string, size?: number): void;
  pair(label: string, value: string): void;
  row(cells: string[], widths: number[], bold?: boolean): void;
  gap(points?: number): void;
  save(): Promise<Uint8Array>;
}

/** Start a document; lines flow top to bottom and onto new pages. */
export async function textDoc(meta: { title: string; subject?: string }): Promise<TextDoc> {
  const { doc, font } = await newPdf();
  doc.setTitle(meta.title);
  if (meta.subject) doc.setSubject(meta.subject);
  doc.setCreator('member portal');
  let page: PDFPage = doc.addPage(A4);
  let y = A4[1] - MARGIN;
  const need = (h: number) => {
    if (y - h < MARGIN) {
      page = doc.addPage(A4);
      y = A4[1] - MARGIN;
    }
  };
  const fit = (f: PDFFont, text: string, size: number, width: number) => {
    let t = text;
    while (t.length > 1 && f.widthOfTextAtSize(t, size) > width) t = t.slice(0, -1);
    return t;
  };
  return {
    title(text) {
      need(30);
      const size = 16;
      const w = font.widthOfTextAtSize(text, size);
      page.drawText(text, { x: (A4[0] - w) / 2, y: y - size, size, font });
      y -= 34;
    },
    line(text, size = 10) {
      need(size + 6);
      page.drawText(fit(font, text, size, A4[0] - 2 * MARGIN), { x: MARGIN, y: y - size, size, font });
      y -= size + 6;
    },
    pair(label, value) {
      need(16);
      page.drawText(label, { x: MARGIN, y: y - 10, size: 10, font });
      page.drawText(fit(font, value, 10, A4[0] - 2 * MARGIN - 120), { x: MARGIN + 120, y: y - 10, size: 10, font });
      y -= 16;
    },
    row(cells, widths, bold = false) {
      need(16);
      let x = MARGIN;
      const size = bold ? 9.5 : 9;
      cells.forEach((cell, i) => {
        page.drawText(fit(font, cell, size, widths[i] - 4), { x, y: y - size, size, font });
        x += widths[i];
      });
      y -= 15;
    },
    gap(points = 8) {
      y -= points;
    },
    save: () => doc.save(),
  };
}
