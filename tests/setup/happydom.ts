import { GlobalRegistrator } from '@happy-dom/global-registrator';
import { setDefaultTimeout } from 'bun:test';

// The first seeded database of a run writes the whole demo portal (orders, claims, sealed files)
// through the domain functions; on a busy 2-core machine that can pass Bun's 5 s default. Set here
// for this file's own hooks; test files get 30 s from `bun test --timeout 30000` (scripts/test.sh).
setDefaultTimeout(30_000);

// happy-dom replaces the fetch classes with browser-spec versions that drop
// forbidden headers such as Cookie, which breaks `app.request()` tests; keep Bun's.
const KEEP = [
  'Request',
  'Response',
  'Headers',
  'fetch',
  'FormData',
  'File',
  'Blob',
  'URL',
  'URLSearchParams',
  'ReadableStream',
  'WritableStream',
  'TransformStream',
  'TextEncoder',
  'TextDecoder',
  'AbortController',
  'AbortSignal',
  'crypto',
] as const;
const native = Object.fromEntries(KEEP.map((k) => [k, (globalThis as Record<string, unknown>)[k]]));
GlobalRegistrator.register({ url: 'http://localhost/' });
for (const k of KEEP) {
  Object.defineProperty(globalThis, k, { value: native[k], configurable: true, writable: true });
}
(globalThis as Record<string, unknown>).IS_REACT_ACT_ENVIRONMENT = true;

// Test defaults, also inherited by servers the tests start: logins skip the click captcha (its own
// tests turn it on in test mode), the many failed logins of the fuzz test from one address must
// not lock out the rest, and its hostile seal verifications must reach the handler rather than
// the per-IP limit. `scripts/test.sh` sets the same; a plain `bun test` gets them here.
process.env.PORTAL_LOGIN_CAPTCHA ??= '0';
process.env.LOGIN_FAILURES_PER_IP ??= '100000';
process.env.SEAL_VERIFY_PER_MINUTE ??= '100000';
