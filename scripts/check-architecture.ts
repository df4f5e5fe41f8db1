/**
 * The architecture rules of decision 0014, checked over the TypeScript import graph of `src/`
 * (no dependencies: imports are read with a regular expression and resolved like tsconfig's paths).
 *
 * 1. Layers: `src/lib` (isomorphic) ← `src/server` (core) ← `src/ui` (the UI kit) ← `src/features`
 *    (the areas) ← the app (`src/pages`, `src/middleware`, `src/demo`, `waku.server.tsx`). A file
 *    imports its own layer or a lower one.
 * 2. Public surfaces: code outside an area imports it only through `index.ts` (server: router,
 *    domain), `schemas.ts` (isomorphic input schemas), `texts` (isomorphic texts) or `ui` (screens).
 * 3. No import cycles (value imports; `import type` is erased and cannot loop at run time).
 *
 *   bun scripts/check-architecture.ts        prints every violation, exits 1 when there is one
 *
 * Test files (`*.test.ts(x)`) are left out: a test may reach into the code it tests.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = resolve(import.meta.dir, '..');
const SRC = join(ROOT, 'src');

export type Layer = 'lib' | 'server' | 'kit' | 'features' | 'app' | 'data';

/** Which layers each layer may import. */
const MAY_IMPORT: Record<Layer, readonly Layer[]> = {
  data: ['data', 'lib'],
  lib: ['lib', 'data'],
  server: ['lib', 'data', 'server'],
  kit: ['lib', 'data', 'server', 'kit'],
  features: ['lib', 'data', 'server', 'kit', 'features'],
  app: ['lib', 'data', 'server', 'kit', 'features', 'app'],
};

/**
 * Imports that break a layer rule today, each with its reason; the list may only shrink (an entry
 * that no longer matches an import fails the check too, so it is removed when its import goes).
 */
export const LAYER_EXCEPTIONS: Record<string, string> = {
  'src/server/api/index.ts -> src/features/*': 'the API composition root mounts every area router; it belongs in the app layer',
  'src/server/api/pipeline.ts -> src/features/_shared/envelope.ts': 'the envelope belongs in src/server/http',
  'src/server/api/pipeline.ts -> src/features/upload/index.ts': 'UPLOAD_PATH belongs in src/lib',
  'src/server/portal.ts -> src/features/menus/index.ts': 'the portal view composes the member centre from the menus area',
};

export interface Edge {
  from: string;
  to: string;
  typeOnly: boolean;
}

const IMPORT_RE =
  /(?:^|[;\n])\s*(import|export)\s+(type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (/\.(ts|tsx)$/.test(name) && !/\.(test|e2e)\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

function resolveFile(base: string): string | null {
  for (const cand of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(cand) && statSync(cand).isFile() && /\.tsx?$/.test(cand)) return cand;
  }
  return null;
}

function resolveSpecifier(from: string, spec: string): string | null {
  if (spec.startsWith('~/')) return resolveFile(join(SRC, spec.slice(2)));
  if (spec.startsWith('@i18n/')) return resolveFile(join(ROOT, 'i18n', spec.slice(6)));
  if (spec.startsWith('.')) return resolveFile(resolve(dirname(from), spec));
  return null; // a package
}

/** Every import between files of `src/` and `i18n/` (repo-relative paths). */
export function importGraph(): Edge[] {
  const edges: Edge[] = [];
  for (const file of walk(SRC)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(IMPORT_RE)) {
      const spec = m[3] ?? m[4];
      const target = spec ? resolveSpecifier(file, spec) : null;
      if (!target) continue;
      const typeOnly = Boolean(m[2]) || /^\s*(import|export)\s+type\s*\{/.test(m[0].trimStart());
      edges.push({ from: relative(ROOT, file), to: relative(ROOT, target), typeOnly });
    }
  }
  return edges;
}

export function layerOf(path: string): Layer {
  if (path.startsWith('i18n/')) return 'data';
  const p = path.replace(/^src\//, '');
  if (p.startsWith('lib/')) return 'lib';
  if (p.startsWith('server/')) return 'server';
  if (p.startsWith('ui/')) return 'kit';
  if (p.startsWith('features/')) return 'features';
  return 'app';
}

/** The area a file belongs to (`claims` for `src/features/claims/ui/x.tsx`), or null. */
export function areaOf(path: string): string | null {
  return /^src\/features\/([^/]+)\//.exec(path)?.[1] ?? null;
}

/** An area's public surface: index, schemas, texts, ui; `_shared` is shared by all areas. */
export function isPublicSurface(path: string): boolean {
  const m = /^src\/features\/([^/]+)\/(.+)$/.exec(path);
  if (!m) return true;
  if (m[1] === '_shared') return true;
  return /^(index\.ts|schemas\.ts|texts\.ts|texts\/index\.ts|ui\/index\.ts|ui\.ts)$/.test(m[2]);
}

function exceptionFor(edge: Edge): string | null {
  for (const key of Object.keys(LAYER_EXCEPTIONS)) {
    const [from, to] = key.split(' -> ');
    const toRe = new RegExp(`^${to.replace(/[.]/g, '\\.').replace(/\*/g, '.*')}$`);
    if (edge.from === from && toRe.test(edge.to)) return key;
  }
  return null;
}

export function layerViolations(edges: Edge[]): { problems: string[]; unusedExceptions: string[] } {
  const problems: string[] = [];
  const used = new Set<string>();
  for (const e of edges) {
    const a = layerOf(e.from);
    const b = layerOf(e.to);
    if (!MAY_IMPORT[a].includes(b)) {
      const ex = exceptionFor(e);
      if (ex) used.add(ex);
      else problems.push(`layer: ${e.from} (${a}) imports ${e.to} (${b})`);
    }
    const target = areaOf(e.to);
    if (target && target !== areaOf(e.from) && !isPublicSurface(e.to) && !(areaOf(e.from) === '_shared' && /\/messages\.ts$/.test(e.to))) {
      problems.push(`surface: ${e.from} reaches into ${e.to} (use the area's index.ts, schemas.ts, texts or ui)`);
    }
  }
  return { problems, unusedExceptions: Object.keys(LAYER_EXCEPTIONS).filter((k) => !used.has(k)) };
}

/** Strongly connected components of more than one file (or a file importing itself), value imports only. */
export function importCycles(edges: Edge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const e of edges) {
    if (e.typeOnly) continue;
    if (!next.has(e.from)) next.set(e.from, []);
    next.get(e.from)!.push(e.to);
  }
  // Tarjan's algorithm, iterative (deep graphs must not overflow the stack).
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  for (const start of next.keys()) {
    if (idx.has(start)) continue;
    const work: [string, number][] = [[start, 0]];
    while (work.length) {
      const frame = work[work.length - 1];
      const [v, i] = frame;
      if (i === 0) {
        idx.set(v, index);
        low.set(v, index);
        index++;
        stack.push(v);
        onStack.add(v);
      }
      const outs = next.get(v) ?? [];
      if (i < outs.length) {
        frame[1]++;
        const w = outs[i];
        if (!idx.has(w)) work.push([w, 0]);
        else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent)!, low.get(v)!));
      }
      if (low.get(v) === idx.get(v)) {
        const scc: string[] = [];
        let w: string;
        do {
          w = stack.pop()!;
          onStack.delete(w);
          scc.push(w);
        } while (w !== v);
        if (scc.length > 1 || outs.includes(v)) cycles.push(scc.sort());
      }
    }
  }
  return cycles;
}

export function checkArchitecture(): string[] {
  const edges = importGraph();
  const { problems, unusedExceptions } = layerViolations(edges);
  for (const ex of unusedExceptions) problems.push(`exception no longer needed, remove it from LAYER_EXCEPTIONS: ${ex}`);
  for (const c of importCycles(edges)) problems.push(`cycle: ${c.join(' ↔ ')}`);
  return problems;
}

if (import.meta.main) {
  const problems = checkArchitecture();
  for (const p of problems) console.log(p);
  console.log(problems.length ? `${problems.length} architecture problem(s)` : 'architecture: layers, surfaces and cycles OK');
  process.exit(problems.length ? 1 : 0);
}
