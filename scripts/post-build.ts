/**
 * Runs after `waku build` (see the `build` script): writes the build-check files the client
 * polls (spec §7):
 *   dist/public/builds/latest.json      {id, timestamp}
 *   dist/public/builds/meta/{id}.json   {id, timestamp, matcher: {routes, rules}, prerendered}
 *
 * The id is the one waku.config.ts chose for the build and wrote to dist/build-id.txt (Waku's
 * client and our update check compare it as `import.meta.env.WAKU_BUILD_ID`). The route list
 * comes from Waku's build metadata and must equal src/lib/navigation/routes.ts.
 *
 * It also writes brotli (`.br`) and gzip (`.gz`) copies of the compressible hashed assets in
 * dist/public/assets, served by src/server/http/built-assets.ts to browsers that take them.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { COMPRESSIBLE } from '../src/server/http/built-assets';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROUTES } from '../src/lib/navigation/routes';
import { ROUTE_RULES } from '../src/lib/navigation/rules';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');

/** The id waku.config.ts gave this build (every bundle has it as `import.meta.env.WAKU_BUILD_ID`). */
export function readBuildId(distDir = dist): string {
  const id = readFileSync(join(distDir, 'build-id.txt'), 'utf8').trim();
  if (!/^[\w-]+$/.test(id)) throw new Error(`post-build: dist/build-id.txt holds no build id (${JSON.stringify(id)})`);
  return id;
}

interface PathSpecItem {
  type: 'literal' | 'group' | 'wildcard';
  name?: string;
}
interface RouteConfig {
  type: 'route' | 'api' | string;
  path: PathSpecItem[];
  isStatic: boolean;
}

const toPattern = (spec: PathSpecItem[]) =>
  `/${spec.map((s) => (s.type === 'literal' ? s.name : s.type === 'group' ? `[${s.name}]` : `[...${s.name}]`)).join('/')}`;

export async function readRoutes(distDir = dist): Promise<{ pages: string[]; prerendered: string[] }> {
  const { buildMetadata } = (await import(join(distDir, 'server/__waku_build_metadata.js'))) as { buildMetadata: Map<string, string> };
  const configs = JSON.parse(buildMetadata.get('defineRouter:serializableConfigs') ?? '[]') as RouteConfig[];
  const pages = configs
    .filter((c) => c.type === 'route')
    .map((c) => toPattern(c.path))
    .filter((p) => p !== '/404');
  const prerendered = configs.filter((c) => c.isStatic && c.path.every((s) => s.type === 'literal')).map((c) => toPattern(c.path));
  return { pages: pages.sort(), prerendered: prerendered.sort() };
}

/** Writes `<file>.br` and `<file>.gz` for the compressible assets; returns [files, raw bytes, br bytes]. */
export function precompress(assetsDir = join(dist, 'public/assets')): [number, number, number] {
  let count = 0;
  let raw = 0;
  let br = 0;
  for (const name of readdirSync(assetsDir)) {
    if (!COMPRESSIBLE.test(name)) continue;
    const bytes = readFileSync(join(assetsDir, name));
    const b = brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length } });
    writeFileSync(join(assetsDir, `${name}.br`), b);
    writeFileSync(join(assetsDir, `${name}.gz`), gzipSync(bytes, { level: 9 }));
    count++;
    raw += bytes.length;
    br += b.length;
  }
  return [count, raw, br];
}

async function main() {
  const id = readBuildId();
  const { pages, prerendered } = await readRoutes();
  const table = ROUTES.map((r) => r.path).sort();
  const missing = pages.filter((p) => !table.includes(p));
  const extra = table.filter((p) => !pages.includes(p));
  if (missing.length || extra.length) {
    throw new Error(
      `post-build: src/lib/navigation/routes.ts differs from the build's routes (missing ${JSON.stringify(missing)}, extra ${JSON.stringify(extra)})`,
    );
  }
  const timestamp = Date.now();
  const out = join(dist, 'public/builds');
  mkdirSync(join(out, 'meta'), { recursive: true });
  const manifest = { id, timestamp, matcher: { routes: table, rules: ROUTE_RULES }, prerendered };
  writeFileSync(join(out, 'meta', `${id}.json`), JSON.stringify(manifest));
  writeFileSync(join(out, 'latest.json'), JSON.stringify({ id, timestamp }));
  const [count, raw, br] = precompress();
  console.log(`post-build: ${count} assets precompressed (${Math.round(raw / 1024)} KB → ${Math.round(br / 1024)} KB brotli)`);
  console.log(
    `post-build: build ${id}, ${table.length} routes, ${Object.keys(ROUTE_RULES).length} route rules, ${prerendered.length} prerendered → dist/public/builds/`,
  );
}

if (import.meta.main) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
