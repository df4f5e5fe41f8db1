/** Named counters behind order and policy numbers (`order:<day>`, `policy:<year>`). */
import type { SQL } from 'bun';
import { num } from '~/server/db/client';

/** The next value of a named sequence, inside the caller's transaction (one upserted row). */
export async function nextSequence(tx: SQL, name: string): Promise<number> {
  const [row] = await tx`INSERT INTO order_sequence (name, value) VALUES (${name}, 1)
    ON CONFLICT (name) DO UPDATE SET value = order_sequence.value + 1 RETURNING value`;
  return num(row.value);
}
