/**
 * The certificate PDF (GET /cover/pdf) in the page's language: policyholder, policy number, plan,
 * period, the day, the people listed with masked ID numbers, the check code and a QR code of the
 * absolute verify address (`${PORTAL_URL}/verify/cover?code=…`). The CJK font covers both languages.
 */
import { type PDFFont, type PDFPage, rgb } from '@cantoo/pdf-lib';
import { encode } from 'uqr';
import { orderText } from '~/features/orders/texts';
import { formatDate } from '~/lib/format';
import type { Locale } from '~/lib/types';
import { newPdf } from '~/server/pdf';
import type { OrderRecord } from '~/features/orders';
import type { CoverCertificate } from './certificates';
import { coverText, fill } from './texts';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const grey = rgb(0.42, 0.45, 0.5);
const ink = rgb(0.1, 0.12, 0.16);
const rule = rgb(0.8, 0.82, 0.86);

/** The portal's absolute address (env PORTAL_URL; else this host's port, as the sealing jobs do). */
export function portalUrl(): string {
  return (process.env.PORTAL_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/+$/, '');
}

/** The address the QR code opens. */
export const verifyUrl = (code: string) => `${portalUrl()}/verify/cover?code=${encodeURIComponent(code)}`;

/** Break `text` into lines no wider than `width` (words for Latin text, characters for CJK). */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const tokens = text.match(/[\u2e80-\u9fff\uff00-\uffef]|[^\s\u2e80-\u9fff\uff00-\uffef]+|\s+/g) ?? [];
  const lines: string[] = [];
  let line = '';
  for (const tok of tokens) {
    const next = line + tok;
    if (line && font.widthOfTextAtSize(next.trimEnd(), size) > width) {
      lines.push(line.trimEnd());
      line = tok.trimStart();
    } else line = next;
  }
  if (line.trim()) lines.push(line.trimEnd());
  return lines;
}

function drawQr(page: PDFPage, data: string, x: number, y: number, size: number) {
  const qr = encode(data, { ecc: 'M', border: 2 });
  const cell = size / qr.size;
  page.drawRectangle({ x, y, width: size, height: size, color: rgb(1, 1, 1) });
  for (let r = 0; r < qr.size; r++) {
    for (let c = 0; c < qr.size; c++) {
      if (qr.data[r][c])
        page.drawRectangle({ x: x + c * cell, y: y + size - (r + 1) * cell, width: cell + 0.05, height: cell + 0.05, color: ink });
    }
  }
}

export async function certificatePdf(
  certificate: CoverCertificate,
  order: OrderRecord,
  code: string,
  locale: Locale,
  timeZone: string,
): Promise<Uint8Array> {
  return (await certificateDocument(certificate, order, code, locale, timeZone)).bytes;
}

/** The PDF's bytes and every string drawn on it (tests read the text without a PDF parser). */
export async function certificateDocument(
  certificate: CoverCertificate,
  order: OrderRecord,
  code: string,
  locale: Locale,
  timeZone: string,
): Promise<{ bytes: Uint8Array; drawn: string[] }> {
  const drawn: string[] = [];
  const tx = coverText(locale).pdf;
  const o = orderText(locale);
  const en = locale === 'en';
  const { doc, font } = await newPdf();
  doc.setTitle(`${tx.title} ${order.policyNo ?? ''} ${certificate.day}`);
  doc.setAuthor(en ? 'Broker member portal' : '保险经纪会员中心');
  let page = doc.addPage(A4);
  let y = A4[1] - MARGIN;
  const text = (s: string, x: number, size = 10.5, color = ink) => {
    drawn.push(s);
    page.drawText(s, { x, y, size, font, color });
  };
  const hr = () => page.drawLine({ start: { x: MARGIN, y: y + 4 }, end: { x: A4[0] - MARGIN, y: y + 4 }, thickness: 0.6, color: rule });

  // Head: title left, QR and code right.
  const qrSize = 96;
  const qrX = A4[0] - MARGIN - qrSize;
  drawQr(page, verifyUrl(code), qrX, y - qrSize + 8, qrSize);
  text(tx.title, MARGIN, 22);
  y -= 30;
  const leftWidth = qrX - MARGIN - 16;
  for (const l of wrap(fill(tx.intro, { day: certificate.day }), font, 10.5, leftWidth)) {
    text(l, MARGIN, 10.5);
    y -= 15;
  }
  y -= 6;
  text(tx.code, MARGIN, 9, grey);
  y -= 18;
  text(code, MARGIN, 16);
  y = Math.min(y - 14, A4[1] - MARGIN - qrSize - 8);
  for (const l of wrap(tx.verifyHint, font, 8.5, A4[0] - 2 * MARGIN)) {
    text(l, MARGIN, 8.5, grey);
    y -= 12;
  }
  text(verifyUrl(code), MARGIN, 8.5, grey);
  y -= 20;
  hr();
  y -= 14;

  const labelWidth = en ? 120 : 90;
  const field = (label: string, value: string) => {
    text(label, MARGIN, 10, grey);
    const lines = wrap(value, font, 10.5, A4[0] - 2 * MARGIN - labelWidth);
    for (const l of lines) {
      text(l, MARGIN + labelWidth, 10.5);
      y -= 16;
    }
    y -= 2;
  };
  field(tx.holder, order.policyholder.name || order.holderName);
  field(tx.policyNo, order.policyNo ?? '—');
  field(tx.product, o.products[order.product] ?? order.product);
  field(tx.plan, en ? order.planNameEn : order.planName);
  field(tx.period, fill(tx.periodValue, { start: order.startDate, end: order.endDate }));
  field(tx.day, certificate.day);
  field(tx.issued, formatDate(certificate.createdAt, 'YYYY-MM-DD HH:mm', timeZone));
  y -= 4;
  hr();
  y -= 16;

  // The people: numbered rows, continued on further pages.
  const people = certificate.people;
  const colName = MARGIN + 40;
  const colId = MARGIN + 250;
  const head = () => {
    text(tx.no, MARGIN, 9.5, grey);
    text(tx.name, colName, 9.5, grey);
    text(tx.idNo, colId, 9.5, grey);
    y -= 6;
    hr();
    y -= 12;
  };
  text(fill(tx.people, { n: people.length }), MARGIN, 12.5);
  y -= 20;
  head();
  for (const [i, p] of people.entries()) {
    if (y < MARGIN + 40) {
      page = doc.addPage(A4);
      y = A4[1] - MARGIN;
      text(`${tx.title} · ${tx.policyNo} ${order.policyNo ?? ''} · ${tx.code} ${code}`, MARGIN, 9, grey);
      y -= 24;
      head();
    }
    text(String(i + 1), MARGIN, 10);
    text(p.name, colName, 10.5);
    text(p.id_masked, colId, 10.5);
    y -= 16;
  }
  y -= 14;
  if (y < MARGIN + 30) {
    page = doc.addPage(A4);
    y = A4[1] - MARGIN;
  }
  for (const l of wrap(tx.footer, font, 8.5, A4[0] - 2 * MARGIN)) {
    text(l, MARGIN, 8.5, grey);
    y -= 12;
  }
  const pages = doc.getPages();
  for (const [i, p] of pages.entries()) {
    p.drawText(fill(tx.page, { p: i + 1, n: pages.length }), { x: A4[0] - MARGIN - 60, y: MARGIN - 24, size: 8, font, color: grey });
  }
  return { bytes: await doc.save(), drawn };
}
