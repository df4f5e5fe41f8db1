/**
 * Insured lists as files: reading an uploaded CSV (UTF-8, BOM or not; GB18030 as a fallback) or
 * XLSX (fflate unzips, a small scanner reads the first sheet) into rows with the file's own row
 * numbers, and writing the import template and exports. Text cells written to CSV are
 * formula-safe (a leading = + - @ tab or CR gets a ').
 */
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import type { InsuredRowInput } from './schemas';

/** A data row with the row number it has in the file (the header is row 1). */
export interface SheetRow {
  row: number;
  cells: string[];
}

/** Parse CSV text (RFC 4180: quotes, doubled quotes, CRLF or LF, line breaks inside quotes). */
export function parseCsv(text: string): SheetRow[] {
  const src = text.replace(/^\uFEFF/, '');
  const rows: SheetRow[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowStart = 1;
  for (let i = 0; i < src.length; i++) {
    const ch = src[i];
    if (quoted) {
      if (ch === '"') {
        if (src[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        if (ch === '\n') line++;
        cell += ch;
      }
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === ',') {
      cells.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && src[i + 1] === '\n') i++;
      cells.push(cell);
      rows.push({ row: rowStart, cells });
      cells = [];
      cell = '';
      line++;
      rowStart = line;
    } else cell += ch;
  }
  if (cell !== '' || cells.length) {
    cells.push(cell);
    rows.push({ row: rowStart, cells });
  }
  return rows;
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescapeXml = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, e: string) =>
    e[0] === '#'
      ? String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1)))
      : XML_ENTITIES[e.toLowerCase()],
  );
const escapeXml = (s: string) => s.replace(/[<>&"]/g, (c) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', '"': 'quot' }[c]};`);

function colIndex(ref: string): number {
  let n = 0;
  for (const ch of ref.replace(/\d+$/, '')) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

/** The first worksheet of an XLSX file as rows (null when the bytes are not a workbook). */
export function parseXlsx(bytes: Uint8Array): SheetRow[] | null {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: (f) => f.name === 'xl/sharedStrings.xml' || f.name.startsWith('xl/worksheets/sheet') || f.name === 'xl/workbook.xml',
    });
  } catch {
    return null;
  }
  const sheetName = Object.keys(files)
    .filter((n) => /^xl\/worksheets\/sheet\d+\.xml$/.test(n))
    .sort((a, b) => Number(a.replace(/\D/g, '')) - Number(b.replace(/\D/g, '')))[0];
  if (!sheetName) return null;
  const shared: string[] = [];
  if (files['xl/sharedStrings.xml']) {
    const xml = strFromU8(files['xl/sharedStrings.xml']);
    for (const si of xml.matchAll(/<si>([\s\S]*?)<\/si>/g)) {
      shared.push(unescapeXml([...si[1].matchAll(/<t[^>]*>([\s\S]*?)<\/t>/g)].map((t) => t[1]).join('')));
    }
  }
  const xml = strFromU8(files[sheetName]);
  const rows: SheetRow[] = [];
  for (const r of xml.matchAll(/<row\b([^>]*)>([\s\S]*?)<\/row>/g)) {
    const rowNo = Number(/\br="(\d+)"/.exec(r[1])?.[1] ?? rows.length + 1);
    const cells: string[] = [];
    for (const c of r[2].matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const attrs = c[1];
      const ref = /\br="([A-Z]+\d+)"/.exec(attrs)?.[1];
      const type = /\bt="(\w+)"/.exec(attrs)?.[1] ?? 'n';
      const body = c[2] ?? '';
      let value = '';
      if (type === 's') value = shared[Number(/<v>([\s\S]*?)<\/v>/.exec(body)?.[1] ?? -1)] ?? '';
      else if (type === 'inlineStr') value = unescapeXml([...body.matchAll(/<t[^>]*>([\s\S]*?)<\/t>/g)].map((t) => t[1]).join(''));
      else value = unescapeXml(/<v>([\s\S]*?)<\/v>/.exec(body)?.[1] ?? '');
      const at = ref ? colIndex(ref) : cells.length;
      while (cells.length < at) cells.push('');
      cells[at] = value;
    }
    rows.push({ row: rowNo, cells });
  }
  return rows;
}

/** Header names (zh-cn and en) of each column of the insured template. */
const HEADERS: Record<keyof InsuredRowInput, string[]> = {
  name: ['姓名', '被保险人', '被保险人姓名', 'name'],
  id_no: ['身份证号', '身份证号码', '证件号码', 'id_no', 'id number', 'id'],
  class: ['职业类别', '类别', 'class', 'occupation class'],
};

/** The template's header row and example. */
export const TEMPLATE_HEADER = ['姓名', '身份证号', '职业类别'];
const TEMPLATE_EXAMPLE = ['张三', '110101199003077571', '1'];

/** Which column holds which field (by header; else the template's order). */
function columns(header: string[]): Record<keyof InsuredRowInput, number> {
  const norm = header.map((h) => h.trim().toLowerCase());
  const find = (names: string[], fallback: number) => {
    const i = norm.findIndex((h) => names.includes(h));
    return i >= 0 ? i : fallback;
  };
  return { name: find(HEADERS.name, 0), id_no: find(HEADERS.id_no, 1), class: find(HEADERS.class, 2) };
}

/** Rows of a sheet as insured input (header skipped, blank lines ignored), with their file row numbers. */
export function sheetToInsured(rows: SheetRow[]): { rows: InsuredRowInput[]; rowNumbers: number[] } {
  const body = rows.filter((r) => r.cells.some((c) => c.trim() !== ''));
  if (!body.length) return { rows: [], rowNumbers: [] };
  const first = body[0].cells.map((c) => c.trim().toLowerCase());
  const hasHeader = first.some((c) => Object.values(HEADERS).some((names) => names.includes(c)));
  const col = columns(hasHeader ? body[0].cells : []);
  const data = hasHeader ? body.slice(1) : body;
  return {
    rows: data.map((r) => ({
      name: (r.cells[col.name] ?? '').trim(),
      id_no: (r.cells[col.id_no] ?? '').trim().toUpperCase(),
      class: (r.cells[col.class] ?? '').trim() === '' ? null : Number((r.cells[col.class] ?? '').trim()),
    })),
    rowNumbers: data.map((r) => r.row),
  };
}

/** Decode a CSV file: UTF-8 (BOM or not), else GB18030 (what Excel in China saves). */
export function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('gb18030').decode(bytes);
  }
}

/** A text cell: formula-safe, quoted when it holds a comma, quote or line break. */
export function csvCell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** CSV text with a BOM (Excel reads UTF-8 Chinese then) and CRLF rows. */
export function toCsv(rows: (string | number)[][]): string {
  return `\uFEFF${rows.map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** The import template as CSV. */
export function templateCsv(): string {
  return toCsv([TEMPLATE_HEADER, TEMPLATE_EXAMPLE]);
}

/** A one-sheet XLSX (inline strings; the ID column formatted as text so Excel keeps every digit). */
export function toXlsx(rows: string[][], sheetName = 'Sheet1'): Uint8Array {
  const cellRef = (c: number, r: number) => `${String.fromCharCode(65 + c)}${r}`;
  const sheetRows = rows
    .map(
      (row, r) =>
        `<row r="${r + 1}">${row.map((v, c) => `<c r="${cellRef(c, r + 1)}" t="inlineStr" s="${c === 1 ? 1 : 0}"><is><t>${escapeXml(v)}</t></is></c>`).join('')}</row>`,
    )
    .join('');
  const files: Record<string, Uint8Array> = {
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>',
    ),
    '_rels/.rels': strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    ),
    'xl/workbook.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>',
    ),
    'xl/styles.xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="1"><fill><patternFill patternType="none"/></fill></fills><borders count="1"><border/></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="49" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs></styleSheet>',
    ),
    'xl/worksheets/sheet1.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><cols><col min="1" max="1" width="14" customWidth="1"/><col min="2" max="2" width="24" style="1" customWidth="1"/><col min="3" max="3" width="12" customWidth="1"/></cols><sheetData>${sheetRows}</sheetData></worksheet>`,
    ),
  };
  return zipSync(files);
}

/** The import template as XLSX. */
export function templateXlsx(): Uint8Array {
  return toXlsx([TEMPLATE_HEADER, TEMPLATE_EXAMPLE], '被保险人清单');
}
