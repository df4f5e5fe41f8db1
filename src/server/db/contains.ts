/**
 * Keyword filters of the lists: a keyword matched anywhere inside a text column with `LIKE`, its
 * own `\`, `%` and `_` taken literally (`ESCAPE '\\'`, the same on SQLite and PostgreSQL).
 */
import type { SQL } from 'bun';

/** `%keyword%` for `LIKE … ESCAPE '\\'`: the keyword's own `\`, `%` and `_` match themselves. */
export const containsPattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/** `(a LIKE '%keyword%' ESCAPE '\\' OR b LIKE …)`: the keyword inside any of these columns. */
export function anyColumnContains(sql: SQL, columns: readonly string[], keyword: string) {
  const like = containsPattern(keyword);
  const matches = columns.map((column) => sql`${sql(column)} LIKE ${like} ESCAPE '\\'`);
  return sql`(${matches.reduce((acc, m) => sql`${acc} OR ${m}`)})`;
}
