/**
 * One-time codes by e-mail and SMS: 6 digits, 10 minutes, single use, stored as an HMAC. Sending
 * is limited per address and event (one a minute), per IP (an hour) and per address (a day);
 * checking allows a few tries per code. Codes reach people only through the delivery adapters.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Locale } from '~/lib/types';
import { writeAudit } from '~/server/audit';
import { num, nowSeconds, type Db } from '~/server/db/client';
import { deliver } from '~/server/delivery';
import { Codes, DomainError } from '~/server/errors';
import { enforce } from '~/server/rate-limit';
import { getSigningSecret } from '~/server/session';
import { getSiteConfig } from '~/server/site-config';
import { apiMessage } from '../_shared/messages';
import type { CodeEvent } from './schemas';

export type CodeChannel = 'email' | 'sms';

export const CODE_TTL = 600;
export const RESEND_GAP = 60;
export const SENDS_PER_IP_HOUR = 20;
export const SENDS_PER_ADDRESS_DAY = 10;
/** Wrong tries before a code is dead. */
export const MAX_CODE_ATTEMPTS = 5;

/** E-mail addresses compare case-insensitively; numbers as typed. */
export const normalizeAddress = (channel: CodeChannel, address: string) =>
  channel === 'email' ? address.trim().toLowerCase() : address.trim();

async function codeHash(db: Db, channel: CodeChannel, address: string, event: string, code: string): Promise<string> {
  return createHmac('sha256', await getSigningSecret(db))
    .update(`${channel}\n${address}\n${event}\n${code}`)
    .digest('hex');
}

export const invalidCode = (field = 'captcha') =>
  new DomainError('code.invalid', { status: 400, code: Codes.VALIDATION, field, errors: { [field]: 'code.invalid' } });

export interface SendCodeInput {
  channel: CodeChannel;
  address: string;
  event: CodeEvent;
  ip: string;
  locale: Locale;
  /** Whether the address belongs to a member (decides what `event` allows). */
  registered: boolean;
  /** For *_verify and *_change events: the signed-in member's own address on this channel. */
  ownAddress?: string | null;
  now?: number;
}

/**
 * Issue and deliver a code. For `user_retrieve_pwd` to an address no member has, nothing is sent
 * but the answer is the same, so the form cannot be used to find out who has an account.
 */
export async function sendCode(db: Db, input: SendCodeInput): Promise<{ sent: boolean }> {
  const now = input.now ?? nowSeconds();
  const address = normalizeAddress(input.channel, input.address);
  const { event } = input;
  if ((event === 'user_register' || event.startsWith('user_change_')) && input.registered) {
    throw new DomainError('code.taken', { status: 409, code: Codes.CONFLICT, field: input.channel === 'email' ? 'email' : 'mobile' });
  }
  if (event.endsWith('_verify') && (input.ownAddress ?? '') !== address) {
    throw new DomainError('code.notYours', { status: 400, code: Codes.VALIDATION, field: input.channel === 'email' ? 'email' : 'mobile' });
  }
  const [last] = await db.sql`SELECT created_at FROM verification_code
    WHERE channel = ${input.channel} AND address = ${address} AND event = ${event} ORDER BY created_at DESC LIMIT 1`;
  const since = last ? now - num(last.created_at) : Infinity;
  if (since < RESEND_GAP) {
    throw new DomainError('code.wait', { status: 429, code: Codes.TOO_MANY, params: { seconds: RESEND_GAP - since } });
  }
  await enforce(
    db,
    [
      { key: `code:ip:${input.ip}`, max: SENDS_PER_IP_HOUR, window: 3600 },
      { key: `code:day:${input.channel}:${address}`, max: SENDS_PER_ADDRESS_DAY, window: 86400 },
    ],
    now,
  );
  const deliverable = !(event === 'user_retrieve_pwd' && !input.registered);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const hash = deliverable ? await codeHash(db, input.channel, address, event, code) : '-';
  // A new code replaces the older ones for the same address and event.
  await db.sql`UPDATE verification_code SET consumed_at = ${now}
    WHERE channel = ${input.channel} AND address = ${address} AND event = ${event} AND consumed_at IS NULL`;
  const [row] = await db.sql`INSERT INTO verification_code (channel, address, event, code_hash, created_at, expires_at, ip)
    VALUES (${input.channel}, ${address}, ${event}, ${hash}, ${now}, ${now + CODE_TTL}, ${input.ip}) RETURNING id`;
  if (!deliverable) return { sent: false };
  const { site } = await getSiteConfig(db, input.locale);
  try {
    await deliver({
      channel: input.channel,
      to: address,
      event,
      subject: `${apiMessage(input.locale, `code.subject.${event}`)} - ${site.siteName}`,
      text: apiMessage(input.locale, 'code.text', { code }),
      code,
    });
  } catch (err) {
    await db.sql`DELETE FROM verification_code WHERE id = ${num(row.id)}`;
    console.error('[delivery] failed:', err instanceof Error ? err.message : err);
    throw new DomainError('code.deliveryFailed', { status: 503, code: Codes.SERVER_ERROR });
  }
  await writeAudit(db, { userId: null, action: 'code.sent', detail: { channel: input.channel, event }, ip: input.ip });
  return { sent: true };
}

export interface CheckCodeInput {
  channel: CodeChannel;
  address: string;
  event: CodeEvent;
  code: string;
  /** The field the form shows the error next to. */
  field?: string;
  now?: number;
}

/**
 * Use up a code: right address, event and digits, not expired, not used, fewer than
 * MAX_CODE_ATTEMPTS wrong tries. Of two racing checks of one right code exactly one wins.
 */
export async function consumeCode(db: Db, input: CheckCodeInput): Promise<void> {
  const now = input.now ?? nowSeconds();
  const address = normalizeAddress(input.channel, input.address);
  const [row] = await db.sql`SELECT id, code_hash FROM verification_code
    WHERE channel = ${input.channel} AND address = ${address} AND event = ${input.event}
      AND consumed_at IS NULL AND expires_at > ${now}
    ORDER BY created_at DESC LIMIT 1`;
  if (!row) throw invalidCode(input.field);
  const id = num(row.id);
  const tried = await db.sql`UPDATE verification_code SET attempts = attempts + 1
    WHERE id = ${id} AND consumed_at IS NULL AND attempts < ${MAX_CODE_ATTEMPTS} RETURNING attempts`;
  if (!tried.length) throw invalidCode(input.field);
  const expected = Buffer.from(String(row.code_hash));
  const given = Buffer.from(await codeHash(db, input.channel, address, input.event, input.code.trim()));
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalidCode(input.field);
  const won = await db.sql`UPDATE verification_code SET consumed_at = ${now} WHERE id = ${id} AND consumed_at IS NULL RETURNING id`;
  if (!won.length) throw invalidCode(input.field);
}
