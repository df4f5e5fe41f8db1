/**
 * The browser's JavaScript (decision 0011): the page script every page loads
 * (src/lib/page-script/index.ts), one script per island file in src/islands and one per behaviour
 * in src/behaviours, built by Bun in
 * one pass so that what they share (Preact, the HTTP helper, the toast store) is one chunk,
 * loaded once. `react` resolves to Preact's compat layer here; the server keeps React.
 *
 * Writes `<outdir>/page-<hash>.js`, `island-<file>-<hash>.js`, `behaviour-<name>-<hash>.js`,
 * `chunk-<hash>.js` and returns the manifest the server injects scripts from
 * (src/server/http/island-page.ts): for each script, its URL and the chunks it imports,
 * transitively (modulepreloaded with it).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BunPlugin } from 'bun';
import type { ClientManifest, ClientScript } from '../src/server/http/island-page';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const PREACT: Record<string, string> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
};

/** `react` → Preact's compat layer; style imports are Waku's business (its build links the CSS). Tests build with it too. */
export const browserPlugin: BunPlugin = {
  name: 'portal-client',
  setup(build) {
    build.onResolve({ filter: /^react(-dom)?(\/[\w-]+)?$/ }, (args) => {
      const to = PREACT[args.path];
      if (!to) throw new Error(`build-client: no Preact counterpart for '${args.path}' (imported by ${args.importer})`);
      return { path: Bun.resolveSync(to, root) };
    });
    build.onLoad({ filter: /\.css$/ }, () => ({ contents: '', loader: 'js' }));
  },
};

/** Island files: src/islands/*.tsx that export a boundary (`island(`). */
export function islandFiles(dir = join(root, 'src/islands')): string[] {
  return readdirSync(dir)
    .filter((n) => n.endsWith('.tsx') && !n.endsWith('.test.tsx'))
    .filter((n) => /\bisland\(\s*['"]/.test(readFileSync(join(dir, n), 'utf8')))
    .map((n) => n.slice(0, -'.tsx'.length))
    .sort();
}

/** Behaviours: src/behaviours/*.ts that export `enhance`. */
export function behaviourFiles(dir = join(root, 'src/behaviours')): string[] {
  return readdirSync(dir)
    .filter((n) => n.endsWith('.ts') && !n.endsWith('.test.ts'))
    .filter((n) => /\bexport function enhance\(/.test(readFileSync(join(dir, n), 'utf8')))
    .map((n) => n.slice(0, -'.ts'.length))
    .sort();
}

const STATIC_IMPORT = /(?:\bfrom\s*|\bimport\s*)["'](\.\/[^"']+)["']/g;

/** The chunks `file` imports statically, transitively, in load order. */
function staticDeps(outdir: string, file: string, seen = new Set<string>()): string[] {
  const out: string[] = [];
  for (const m of readFileSync(join(outdir, file), 'utf8').matchAll(STATIC_IMPORT)) {
    const dep = m[1].slice(2);
    if (seen.has(dep)) continue;
    seen.add(dep);
    out.push(dep, ...staticDeps(outdir, dep, seen));
  }
  return out;
}

/** Builds into `outdir` (served under `publicBase`); returns the manifest. */
export async function buildClient(opts: { outdir: string; publicBase?: string; minify?: boolean }): Promise<ClientManifest> {
  const { outdir, publicBase = '/assets/', minify = true } = opts;
  // The generated entries live outside the checkout (several checkouts may share node_modules).
  const entryDir = mkdtempSync(join(tmpdir(), 'portal-client-'));
  const islands = islandFiles();
  const rel = (p: string) => relative(entryDir, join(root, p)).replaceAll('\\', '/');
  const entries = [join(entryDir, 'page.ts')];
  writeFileSync(entries[0], `import '${rel('src/lib/page-script/index')}';\n`);
  for (const name of islands) {
    const file = join(entryDir, `island-${name}.ts`);
    writeFileSync(
      file,
      `import { hydrateIslands } from '${rel('src/lib/islands/hydrate')}';\nimport * as island from '${rel(`src/islands/${name}`)}';\nhydrateIslands(island);\n`,
    );
    entries.push(file);
  }
  const behaviours = behaviourFiles();
  for (const name of behaviours) {
    const file = join(entryDir, `behaviour-${name}.ts`);
    writeFileSync(
      file,
      `import { enhanceAll } from '${rel('src/lib/islands/behaviours')}';\nimport { enhance } from '${rel(`src/behaviours/${name}`)}';\nenhanceAll('${name}', enhance);\n`,
    );
    entries.push(file);
  }
  const result = await Bun.build({
    entrypoints: entries,
    outdir,
    root,
    naming: { entry: '[name]-[hash].[ext]', chunk: 'chunk-[hash].[ext]', asset: '[name]-[hash].[ext]' },
    target: 'browser',
    format: 'esm',
    splitting: true,
    minify,
    define: { 'process.env.NODE_ENV': '"production"', 'import.meta.env.DEV': 'false' },
    plugins: [browserPlugin],
    tsconfig: join(root, 'tsconfig.json'),
  });
  rmSync(entryDir, { recursive: true, force: true });
  if (!result.success) throw new Error(`build-client: ${result.logs.map(String).join('\n')}`);
  const url = (file: string) => `${publicBase}${file}`;
  const script = (path: string): ClientScript => {
    const file = basename(path);
    return { src: url(file), deps: staticDeps(outdir, file).map(url) };
  };
  const manifest: ClientManifest = { page: { src: '', deps: [] }, islands: {}, behaviours: {} };
  for (const out of result.outputs) {
    if (out.kind !== 'entry-point') continue;
    const file = basename(out.path);
    if (file.startsWith('page-')) manifest.page = script(out.path);
    else {
      const [, kind, name] = /^(island|behaviour)-(.+)-\w+\.js$/.exec(file) ?? [];
      if (kind === 'island' && islands.includes(name)) manifest.islands[name] = script(out.path);
      else if (kind === 'behaviour' && behaviours.includes(name)) manifest.behaviours[name] = script(out.path);
      else throw new Error(`build-client: unexpected entry ${file}`);
    }
  }
  if (!manifest.page.src) throw new Error('build-client: the page script is missing');
  return manifest;
}
