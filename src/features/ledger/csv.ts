/**
 * A ledger as CSV for spreadsheets: UTF-8 with a BOM (so Excel reads Chinese), CRLF rows, every
 * text cell formula-safe (a leading = + - @ tab or CR gets a ' so it stays text, OWASP CSV injection).
 */
import type { SQL } from 'bun';
import { formatDate } from '~/lib/format';
import { fenToYuan } from '~/lib/money';
import type { Db } from '~/server/db/client';
import type { Locale } from '~/lib/types';
import { describeEntry, visibleReference } from './describe';
import type { LedgerQuery } from './schemas';
import { dayStart, type Ledger, LEDGER_TABLE, type LedgerEntry, toEntry } from './service';

/** At most this many rows per export (newest first). */
export const CSV_MAX_ROWS = 100_000;

/** A text cell: formula-safe, quoted when it holds a comma, quote or line break. */
export function csvText(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export interface CsvLabels {
  time: string;
  kind: string;
  amount: string;
  before: string;
  after: string;
  memo: string;
  reference: string;
  kinds: Record<string, string>;
}

/**
 * The CSV text (BOM included) of entries, newest first, times in `timeZone` (the page's), which the
 * time column's heading names. Numbers stay numbers; text cells are made safe; details rendered in `locale`.
 */
export function ledgerCsv(ledger: Ledger, entries: LedgerEntry[], labels: CsvLabels, timeZone: string, locale: Locale): string {
  const show = (n: number) => (ledger === 'money' ? fenToYuan(n) : String(n));
  const time = locale === 'en' ? `${labels.time} (${timeZone})` : `${labels.time}（${timeZone}）`;
  const head = [time, labels.kind, labels.amount, labels.before, labels.after, labels.memo, labels.reference].map(csvText);
  const rows = entries.map((e) =>
    [
      formatDate(e.createdAt, 'YYYY-MM-DD HH:mm:ss', timeZone),
      csvText(labels.kinds[e.kind] ?? e.kind),
      show(e.amount),
      show(e.before),
      show(e.after),
      csvText(describeEntry(locale, e)),
      csvText(visibleReference(e.reference)),
    ].join(','),
  );
  return `\uFEFF${[head.join(','), ...rows].join('\r\n')}\r\n`;
}

/** Every entry matching the filters (page and limit ignored), newest first, at most CSV_MAX_ROWS. */
export async function ledgerEntriesForExport(
  db: Db,
  ledger: Ledger,
  userId: number,
  q: LedgerQuery,
  timeZone: string,
): Promise<LedgerEntry[]> {
  const from = q.start ? dayStart(q.start, timeZone) : 0;
  const to = q.end
    ? dayStart(new Date(Date.parse(`${q.end}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10), timeZone)
    : 253_402_300_799;
  const sql: SQL = db.sql;
  const where = q.kind
    ? sql`user_id = ${userId} AND kind = ${q.kind} AND created_at >= ${from} AND created_at < ${to}`
    : sql`user_id = ${userId} AND created_at >= ${from} AND created_at < ${to}`;
  const rows = await sql`SELECT * FROM ${sql(LEDGER_TABLE[ledger])} WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT ${CSV_MAX_ROWS}`;
  return rows.map(toEntry);
}
