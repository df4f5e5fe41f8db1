import { encode } from 'fast-png';
import type { DemoContext } from '~/server/db/seed';
import { getStorage, storeServerFile } from '../upload';
import { TOPUP_TOPIC } from './topup';

/** A small picture standing in for a bank transfer slip: a paper card with a header band and text lines. */
function slipPicture(): Uint8Array {
  const w = 360;
  const h = 240;
  const data = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 3;
      const band = y < 48;
      const line = !band && y > 70 && y < 210 && (y - 70) % 28 < 8 && x > 30 && x < (y % 56 < 28 ? 330 : 250);
      const [r, g, b] = band ? [29, 78, 216] : line ? [203, 213, 225] : [248, 250, 252];
      data[i] = r;
      data[i + 1] = g;
      data[i + 2] = b;
    }
  }
  return encode({ width: w, height: h, data, channels: 3 });
}

/**
 * Demo data of the account centre: one pending top-up of the demo member (with its slip), so the
 * operator's review page has something to confirm. Balances are untouched until it is confirmed.
 */
export async function seedAccountDemo({ db, users, now }: DemoContext): Promise<void> {
  const userId = users.demo;
  if (userId === undefined) return;
  const slip = await storeServerFile(db, getStorage(), {
    userId,
    topic: TOPUP_TOPIC,
    name: 'transfer-slip.png',
    mime: 'image/png',
    bytes: slipPicture(),
    width: 360,
    height: 240,
  });
  await db.sql`INSERT INTO topup ${db.sql({
    user_id: userId,
    amount: 300_000,
    payment_ref: 'ICBC-20261123-7781',
    slip_id: slip.id,
    status: 'pending',
    created_at: now - 3_600,
  })}`;
}
