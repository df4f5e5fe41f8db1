/**
 * `bun run create-operator <username> <email>`: an operator account on the configured database, for
 * a production site's first sign-in to the console (demo members are never seeded there). The
 * password comes from PORTAL_OPERATOR_PASSWORD, else a strong one is generated and printed once.
 * Migrates first, like every start, so it also works on a database no instance has opened yet.
 */
import { randomBytes } from 'node:crypto';
import { ensurePortalDatabase } from '../src/demo';
import { createOperator } from '../src/features/operator';
import { openDb } from '../src/server/db';
import { errorEnvelope } from '../src/features/_shared/envelope';
import { isDomainError } from '../src/server/errors';

const [username, email, ...rest] = process.argv.slice(2);
if (!username || !email || rest.length || username.startsWith('-')) {
  console.error('usage: bun run create-operator <username> <email>   (password: PORTAL_OPERATOR_PASSWORD, else generated)');
  process.exit(2);
}
// Letters and digits only: the field rules refuse & < > " ' anyway, and nothing needs quoting in a shell.
const generated = !process.env.PORTAL_OPERATOR_PASSWORD;
const password = process.env.PORTAL_OPERATOR_PASSWORD ?? randomBytes(18).toString('base64url').replace(/[-_]/g, 'x');

const db = openDb();
try {
  await ensurePortalDatabase(db, { demo: false });
  const made = await createOperator(db, { username, email, password });
  console.log(`Operator ${made.username} created (member #${made.id}) on ${db.label}.`);
  if (generated) console.log(`Password (shown once; change it after signing in): ${password}`);
} catch (err) {
  if (isDomainError(err)) {
    const answer = errorEnvelope('en', err);
    const fields = (answer.data as { errors?: Record<string, string> } | null)?.errors ?? {};
    console.error(`create-operator: ${answer.message}`);
    for (const [field, message] of Object.entries(fields)) console.error(`  ${field}: ${message}`);
  } else console.error(`create-operator: ${err instanceof Error ? err.message : err}`);
  process.exitCode = 1;
} finally {
  await db.close();
}
