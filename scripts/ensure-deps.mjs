// Runs under plain Node on a fresh machine: installs the npm dependencies
// (Bun included, as a devDependency) when they are missing or stale.
import { execSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const marker = join(root, 'node_modules', '.package-lock.json');
const lock = join(root, 'package-lock.json');
const stale =
  !existsSync(marker) || !existsSync(join(root, 'node_modules', '.bin', 'bun')) || statSync(lock).mtimeMs > statSync(marker).mtimeMs;
if (stale) {
  console.log('Installing dependencies (npm ci)…');
  execSync('npm ci --no-audit --no-fund', { cwd: root, stdio: 'inherit' });
}
