/**
 * The claims CSV export: the member list's filters over every page, texts in the member's language,
 * cells a spreadsheet cannot run as formulas.
 */
import { apiMessage } from '~/features/_shared/messages';
import { formatDate } from '~/lib/format';
import { fenToYuan } from '~/lib/money';
import type { Locale } from '~/lib/types';
import type { Db } from '~/server/db/client';
import { toClaim } from './model';
import { whereOf } from './queries';
import type { ClaimListQuery } from './schemas';

type Row = Record<string, unknown>;

/** Most rows one export returns. */
export const EXPORT_MAX_ROWS = 50_000;

/** A cell that a spreadsheet would run as a formula gets a leading apostrophe. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

/** The export's header and rows (the member list's filters, every page), texts in `locale`. */
export async function exportRows(
  db: Db,
  scope: number[],
  q: ClaimListQuery,
  timeZone: string,
  locale: Locale,
): Promise<{ header: string[]; rows: string[][] }> {
  const where = whereOf(db.sql, scope, q, timeZone);
  const rows: Row[] = await db.sql`SELECT * FROM claim WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT ${EXPORT_MAX_ROWS}`;
  const m = (k: string) => apiMessage(locale, k);
  const header = ['claimNo', 'status', 'type', 'policyNo', 'insured', 'accidentDate', 'estimated', 'approved', 'reportedAt'].map((k) =>
    m(`claim.csv.${k}`),
  );
  return {
    header,
    rows: rows.map((r) => {
      const c = toClaim(r);
      return [
        c.claimNo,
        m(`claim.statuses.${c.status}`),
        m(`claim.types.${c.type}`),
        c.policyNo,
        c.insuredName,
        c.accidentDate,
        fenToYuan(c.estimatedAmount),
        c.approvedAmount === null ? '' : fenToYuan(c.approvedAmount),
        formatDate(c.createdAt, 'YYYY-MM-DD HH:mm', timeZone),
      ];
    }),
  };
}

/** CSV text: UTF-8 BOM (spreadsheets then read Chinese right), CRLF, every cell quoted and formula-safe. */
export function toCsv(header: string[], rows: string[][]): string {
  return `\uFEFF${[header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
