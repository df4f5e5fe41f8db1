/**
 * Sums amounts into consecutive time buckets (days of a chart, months of a year): `starts` are the
 * buckets' first instants, oldest first; an entry belongs to the last bucket that starts at or
 * before it. Entries before the first bucket are the caller's to leave out (the query's range).
 */
export function sumByBucket(entries: Iterable<{ at: number; amount: number }>, starts: readonly number[]): number[] {
  const out = starts.map(() => 0);
  for (const { at, amount } of entries) {
    let i = starts.length - 1;
    while (i > 0 && at < starts[i]) i--;
    out[i] += amount;
  }
  return out;
}
