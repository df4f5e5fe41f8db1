import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DeliveryAdapter, OutgoingMessage } from './message';

/** A message as the dev outbox keeps it: one JSON file per message. */
export interface OutboxEntry extends OutgoingMessage {
  id: string;
  created_at: number;
}

/**
 * Where development mail and SMS land: `PORTAL_OUTBOX_DIR` (instances that share one folder show
 * each other's messages on /dev/outbox, as `npm run cluster` does), else `$DATA_DIR/outbox`.
 * With `dataDir` given: that folder's outbox.
 */
export const outboxDir = (dataDir?: string) =>
  dataDir === undefined && process.env.PORTAL_OUTBOX_DIR
    ? process.env.PORTAL_OUTBOX_DIR
    : join(dataDir ?? (process.env.DATA_DIR || 'data'), 'outbox');

/**
 * The development outbox: instead of sending, writes `{channel, to, event, subject, text, code,
 * created_at}` to a file a developer (and the tests) can read. Used whenever no real gateway is set.
 */
export function outboxAdapter(dir = outboxDir()): DeliveryAdapter {
  return {
    name: 'outbox',
    async send(message) {
      mkdirSync(dir, { recursive: true });
      const created_at = Math.floor(Date.now() / 1000);
      const id = `${Date.now()}-${crypto.randomUUID().slice(0, 8)}`;
      const entry: OutboxEntry = { id, ...message, created_at };
      await Bun.write(join(dir, `${id}.json`), `${JSON.stringify(entry, null, 2)}\n`);
    },
  };
}

/** Outbox messages, newest first (optionally only those to `to`). */
export function readOutbox(dir = outboxDir(), to?: string): OutboxEntry[] {
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.json'));
  } catch {
    return [];
  }
  return files
    .sort()
    .reverse()
    .map((f) => {
      try {
        return JSON.parse(readFileSync(join(dir, f), 'utf8')) as OutboxEntry;
      } catch {
        return null;
      }
    })
    .filter((e): e is OutboxEntry => e !== null && (!to || e.to === to));
}
