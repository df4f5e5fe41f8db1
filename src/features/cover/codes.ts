/**
 * Check codes of cover certificates: 12 characters of Crockford base32 (no I, L, O, U: easy to
 * read aloud and type), printed in groups of four (`7K2M-9QXD-4TRB`), 60 random bits. A code is
 * derived from the certificate's random nonce with the portal's signing secret (HMAC-SHA256), so
 * the PDF can be downloaded again while the table keeps only the nonce and the code's SHA-256.
 */
import { createHash, createHmac } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CODE_LENGTH = 12;

/** A fresh random nonce (base64url, 16 bytes). */
export const newNonce = () => Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64url');

/** The certificate's code for its nonce under `secret` (12 chars, no groups). */
export function deriveCode(secret: string, nonce: string): string {
  const bytes = createHmac('sha256', secret).update(`cover-code:${nonce}`).digest();
  let out = '';
  for (let i = 0; i < CODE_LENGTH; i++) out += ALPHABET[bytes[i] % 32];
  return out;
}

/** What was typed, as the canonical 12 characters: case, spaces and dashes ignored; O→0, I/L→1. */
export function normalizeCode(input: string): string {
  return input
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1')
    .slice(0, 40);
}

/** `XXXX-XXXX-XXXX` for print and display. */
export const formatCode = (code: string) => code.match(/.{1,4}/g)?.join('-') ?? code;

/** What the table stores and looks up: SHA-256 hex of the normalised code. */
export const hashCode = (input: string) =>
  createHash('sha256')
    .update(`cover:${normalizeCode(input)}`)
    .digest('hex');

/** Masked ID number: the first 3 and last 4 characters, stars between. */
export function maskId(id: string): string {
  if (id.length <= 7) return '*'.repeat(id.length);
  return `${id.slice(0, 3)}${'*'.repeat(id.length - 7)}${id.slice(-4)}`;
}
