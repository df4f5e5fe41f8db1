/**
 * Work that must wait until a transaction has committed (an e-mail about a credit invoice must not
 * go out for a refund that rolled back). Code deep inside a transaction registers it with
 * {@link afterCommit}; the function that opened the transaction with {@link inTransaction} runs it
 * once the commit succeeded, and drops it when the transaction failed. Errors of the work itself
 * are logged, never thrown: the transaction's result stands.
 */
import type { SQL } from 'bun';
import type { Db } from './client';

/** The work gets the database the transaction ran on. */
type Work = (db: Db) => Promise<unknown>;

const pending = new WeakMap<object, Work[]>();

/** Run `work` after the transaction `tx` commits (only inside {@link inTransaction}). */
export function afterCommit(tx: SQL, work: Work): void {
  const list = pending.get(tx);
  if (list) list.push(work);
  else pending.set(tx, [work]);
}

/** `db.sql.begin(fn)`, then the work registered with {@link afterCommit} inside it. */
export async function inTransaction<T>(db: Db, fn: (tx: SQL) => Promise<T>): Promise<T> {
  let opened: SQL | null = null;
  const result = (await db.sql.begin((tx: SQL) => {
    opened = tx;
    return fn(tx);
  })) as T;
  const work = opened ? (pending.get(opened) ?? []) : [];
  if (opened) pending.delete(opened);
  for (const w of work) {
    try {
      await w(db);
    } catch (err) {
      console.error('[after-commit] failed:', err instanceof Error ? err.message : err);
    }
  }
  return result;
}
