import { createHmac, timingSafeEqual } from 'node:crypto';
import { nowSeconds, type Db } from '~/server/db/client';
import { Codes, DomainError } from '~/server/errors';
import { randomToken } from './tokens';

/** Default lifetime of a signed link: 10 minutes. */
export const DEFAULT_LINK_TTL = 600;

export interface SignaturePayload {
  /** user id */
  u: number;
  /** expiry, Unix seconds */
  exp: number;
  /** random nonce: two links are never equal */
  n: string;
}

const secrets = new WeakMap<Db, string>();

/**
 * The HMAC key: env PORTAL_SECRET, else a random secret generated once and kept in
 * site_config `signingSecret`, so the CLI and every instance on the same database agree.
 */
export async function getSigningSecret(db: Db): Promise<string> {
  const fromEnv = process.env.PORTAL_SECRET;
  if (fromEnv) return fromEnv;
  const cached = secrets.get(db);
  if (cached) return cached;
  const candidate = JSON.stringify(randomToken());
  // Two instances may race here: the first insert wins, both then read the same row.
  await db.sql`INSERT INTO site_config (key, value, updated_at) VALUES ('signingSecret', ${candidate}, ${nowSeconds()})
    ON CONFLICT (key) DO NOTHING`;
  const [row] = await db.sql`SELECT value FROM site_config WHERE key = 'signingSecret'`;
  const secret = String(JSON.parse(row.value));
  secrets.set(db, secret);
  return secret;
}

const mac = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest();

/** `base64url(JSON payload) + '.' + base64url(HMAC-SHA256(payload part))`. */
export async function createSignature(db: Db, userId: number, ttlSeconds: number): Promise<string> {
  const payload: SignaturePayload = { u: userId, exp: nowSeconds() + ttlSeconds, n: randomToken().slice(0, 16) };
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${mac(await getSigningSecret(db), body).toString('base64url')}`;
}

const invalid = () => new DomainError('auth.signatureInvalid', { status: 401, code: Codes.NEED_LOGIN });

/** Check a signature's MAC and expiry; a tampered or expired one throws 401001. */
export async function verifySignaturePayload(db: Db, signature: string): Promise<SignaturePayload> {
  const parts = signature.split('.');
  if (parts.length !== 2 || !parts[0] || !parts[1] || signature.length > 1024) throw invalid();
  const expected = mac(await getSigningSecret(db), parts[0]);
  const given = Buffer.from(parts[1], 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
  let payload: SignaturePayload;
  try {
    payload = JSON.parse(Buffer.from(parts[0], 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Number.isInteger(payload?.u) || !Number.isInteger(payload?.exp)) throw invalid();
  if (payload.exp <= nowSeconds()) throw invalid();
  return payload;
}
