/**
 * Browser copies of modules for tests: bundled as scripts/build-client.ts bundles island scripts
 * (its plugin: `react` → Preact's compat layer), then imported into the test's happy-dom page. A
 * component rendered on the server with React can so be hydrated by the code the browser runs.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { browserPlugin } from '../../scripts/build-client';

const ROOT = resolve(import.meta.dir, '../..');

/** Bundles `modules` (export name → path from the repository root) for the browser; resolves to their namespaces. */
export async function importForBrowser<T extends Record<string, Record<string, unknown>>>(modules: Record<keyof T, string>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'portal-browser-copy-'));
  try {
    const entry = join(dir, 'entry.ts');
    const lines = Object.entries(modules).map(([name, path]) => `export * as ${name} from ${JSON.stringify(join(ROOT, path as string))};`);
    writeFileSync(entry, `${lines.join('\n')}\n`);
    const result = await Bun.build({
      entrypoints: [entry],
      outdir: join(dir, 'out'),
      target: 'browser',
      format: 'esm',
      define: { 'process.env.NODE_ENV': '"production"', 'import.meta.env.DEV': 'false' },
      plugins: [browserPlugin],
    });
    if (!result.success) throw new Error(`browser copy: ${result.logs.map(String).join('\n')}`);
    const out = result.outputs.find((o) => o.kind === 'entry-point');
    if (!out) throw new Error('browser copy: no entry point written');
    return (await import(out.path)) as T;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
