/**
 * The browser's JavaScript under `waku dev` (decision 0011): the same Bun build as production
 * (scripts/build-client.ts: page script, island and behaviour scripts, Preact for React), made
 * on the first page request into a temp folder, made again on the next request after a file
 * under src/ or i18n/ changed, and served under `/@portal-client/`. So `bun dev` runs exactly
 * what production runs; reload the page after an edit (no hot module replacement for islands).
 */
import { mkdtempSync, readFileSync, watch } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, normalize } from 'node:path';
import type { ClientManifest } from './island-page';

export const DEV_CLIENT_PREFIX = '/@portal-client/';

let outdir: string | null = null;
let current: Promise<ClientManifest> | null = null;
let dirty = true;

function startWatching(root: string): void {
  for (const dir of ['src', 'i18n']) {
    watch(join(root, dir), { recursive: true }, (_event, file) => {
      if (file && !String(file).endsWith('.gen.ts')) dirty = true;
    });
  }
}

/** The dev manifest, rebuilt when sources changed since the last build. */
export function devClientManifest(root = process.cwd()): Promise<ClientManifest> {
  if (!outdir) {
    outdir = mkdtempSync(join(tmpdir(), 'portal-dev-client-'));
    startWatching(root);
  }
  if (dirty || !current) {
    dirty = false;
    const dir = outdir;
    // A path kept out of Vite's static analysis: the build script runs on Bun, outside the app graph.
    const script = join(root, 'scripts', 'build-client.ts');
    current = import(/* @vite-ignore */ script).then((m: { buildClient: (o: object) => Promise<ClientManifest> }) =>
      m.buildClient({ outdir: dir, publicBase: DEV_CLIENT_PREFIX, minify: false }),
    );
    current.catch((err) => {
      console.error('[dev-client]', err);
      dirty = true;
    });
  }
  return current;
}

/** A built dev file for `pathname` under the prefix, or null. */
export function serveDevClient(pathname: string): Response | null {
  if (!outdir || !pathname.startsWith(DEV_CLIENT_PREFIX)) return null;
  const name = normalize(pathname.slice(DEV_CLIENT_PREFIX.length));
  if (name.includes('/') || name.includes('\\') || name.startsWith('.')) return null;
  try {
    return new Response(readFileSync(join(outdir, name)), {
      headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' },
    });
  } catch {
    return null;
  }
}
