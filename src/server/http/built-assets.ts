/**
 * The build's hashed assets (`dist/public/assets/*`), served ahead of Waku's static handler: with
 * `Cache-Control: immutable` for a year (a changed file gets a new name), brotli or gzip files
 * written at build time (scripts/post-build.ts) when the browser takes them, and without a disk
 * lookup per request (the folder is listed once; Waku's handler stats every request's path).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  svg: 'image/svg+xml',
  json: 'application/json',
  woff2: 'font/woff2',
  woff: 'font/woff',
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  ico: 'image/x-icon',
  txt: 'text/plain; charset=utf-8',
  map: 'application/json',
};

/** File types worth compressing (post-build writes `.br` and `.gz` beside them). */
export const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|map)$/;

interface AssetIndex {
  dir: string;
  files: Set<string>;
}

/** Lists `<publicDir>/assets` (empty when there is no build, e.g. under `waku dev`). */
export function indexAssets(publicDir: string): AssetIndex {
  const dir = join(publicDir, 'assets');
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch {
    names = [];
  }
  return { dir, files: new Set(names) };
}

function accepts(req: Request, coding: 'br' | 'gzip'): boolean {
  const header = req.headers.get('accept-encoding') ?? '';
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().split(';');
    if (name?.trim().toLowerCase() !== coding) return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}

/** The response for a built asset, or null when `req` is not for one (Waku handles it then). */
export function serveBuiltAsset(req: Request, index: AssetIndex): Response | null {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  const { pathname } = new URL(req.url);
  // `\w` first: Vite names the chunks of `_layout` files `_layout-<hash>.js`; a leading dot stays out.
  const m = /^\/assets\/(\w[\w.-]*)$/.exec(pathname);
  const name = m?.[1];
  if (!name || !index.files.has(name)) return null;
  const ext = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  const headers = new Headers({
    'content-type': TYPES[ext] ?? 'application/octet-stream',
    'cache-control': 'public, max-age=31536000, immutable',
  });
  let file = name;
  if (COMPRESSIBLE.test(name)) {
    headers.set('vary', 'accept-encoding');
    if (index.files.has(`${name}.br`) && accepts(req, 'br')) {
      file = `${name}.br`;
      headers.set('content-encoding', 'br');
    } else if (index.files.has(`${name}.gz`) && accepts(req, 'gzip')) {
      file = `${name}.gz`;
      headers.set('content-encoding', 'gzip');
    }
  }
  const body = Bun.file(join(index.dir, file));
  headers.set('content-length', String(body.size));
  return new Response(req.method === 'HEAD' ? null : body, { headers });
}
