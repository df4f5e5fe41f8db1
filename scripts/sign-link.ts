/**
 * Print a signed single-sign-on link for a member (spec §4/§6 signature login).
 * Usage: bun run sign-link <username> [--ttl seconds]   (default ttl 600)
 * The link base is PORTAL_URL, else http://localhost:${PORT:-3000}. The signing secret is
 * PORTAL_SECRET or the one stored in the database, so the server accepts what this prints.
 */
import { openDb } from '../src/server/db';
import { ensurePortalDatabase } from '../src/demo';
import { signLink } from '../src/features/identity';
import { isDomainError } from '../src/server/errors';
import { DEFAULT_LINK_TTL } from '../src/server/session';

function usage(msg?: string): never {
  if (msg) console.error(`sign-link: ${msg}`);
  console.error('usage: bun run sign-link <username> [--ttl seconds]');
  process.exit(2);
}

const args = process.argv.slice(2);
let username: string | undefined;
let ttl = DEFAULT_LINK_TTL;
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (a === '--ttl' || a.startsWith('--ttl=')) {
    const v = a.includes('=') ? a.slice(6) : args[++i];
    ttl = Number(v);
    if (!Number.isInteger(ttl) || ttl <= 0) usage(`--ttl needs a positive whole number of seconds, got ${v}`);
  } else if (a === '-h' || a === '--help') usage();
  else if (!username) username = a;
  else usage(`unexpected argument ${a}`);
}
if (!username) usage('missing <username>');

const db = openDb();
try {
  await ensurePortalDatabase(db);
  const signature = await signLink(db, username, ttl);
  const base = (process.env.PORTAL_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/+$/, '');
  console.log(`${base}/user?signature=${encodeURIComponent(signature)}`);
} catch (err) {
  if (isDomainError(err) && err.key === 'auth.unknownUser') {
    console.error(`sign-link: no member with username "${username}"`);
  } else {
    console.error('sign-link: failed:', err instanceof Error ? err.message : err);
  }
  process.exitCode = 1;
} finally {
  await db.close();
}
