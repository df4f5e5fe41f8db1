import { afterAll, describe, expect, test } from 'bun:test';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { indexAssets, serveBuiltAsset } from './built-assets';

const root = mkdtempSync(join(tmpdir(), 'assets-'));
const js = 'export const answer = 42;\n'.repeat(50);
mkdirSync(join(root, 'assets'));
writeFileSync(join(root, 'assets', 'index-AbC123.js'), js);
writeFileSync(join(root, 'assets', 'index-AbC123.js.br'), brotliCompressSync(js));
writeFileSync(join(root, 'assets', 'index-AbC123.js.gz'), gzipSync(js));
writeFileSync(join(root, 'assets', 'logo-Zz9.png'), new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
writeFileSync(join(root, 'assets', '_layout-Q1.css'), 'body{margin:0}');
writeFileSync(join(root, 'assets', '_layout-Q1.css.br'), brotliCompressSync('body{margin:0}'));
writeFileSync(join(root, 'assets', '.hidden.js'), '');
const index = indexAssets(root);
afterAll(() => rmSync(root, { recursive: true, force: true }));

const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  serveBuiltAsset(new Request(`http://portal.test${path}`, { method, headers }), index);

describe('built assets', () => {
  test('brotli when the browser takes it, immutable for a year', async () => {
    const res = get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip, deflate, br' })!;
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('vary')).toBe('accept-encoding');
    expect(brotliDecompressSync(new Uint8Array(await res.arrayBuffer())).toString()).toBe(js);
  });

  test('gzip without br (or br refused with q=0), identity without either', async () => {
    const gz = get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip, br;q=0' })!;
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(new Uint8Array(await gz.arrayBuffer())).toString()).toBe(js);
    const plain = get('/assets/index-AbC123.js')!;
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(js);
    expect(plain.headers.get('content-length')).toBe(String(js.length));
  });

  test('images are sent as they are; HEAD has no body', async () => {
    const png = get('/assets/logo-Zz9.png', { 'accept-encoding': 'br' })!;
    expect(png.headers.get('content-encoding')).toBeNull();
    expect(png.headers.get('content-type')).toBe('image/png');
    const head = get('/assets/index-AbC123.js', { 'accept-encoding': 'br' }, 'HEAD')!;
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  test('chunks of layout files (`_layout-…`) too, but no dot files', async () => {
    const css = get('/assets/_layout-Q1.css', { 'accept-encoding': 'br' })!;
    expect(css.headers.get('content-encoding')).toBe('br');
    expect(css.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(new Uint8Array(await css.arrayBuffer())).toString()).toBe('body{margin:0}');
    expect(get('/assets/.hidden.js')).toBeNull();
  });

  test('anything else is left to Waku: unknown names, other folders, traversal, POST', () => {
    expect(get('/assets/missing-1.js')).toBeNull();
    expect(get('/assets/../package.json')).toBeNull();
    expect(get('/assets/%2e%2e%2fpackage.json')).toBeNull();
    expect(get('/favicon.svg')).toBeNull();
    expect(get('/assets/index-AbC123.js', {}, 'POST')).toBeNull();
    expect(indexAssets(join(root, 'nowhere')).files.size).toBe(0);
  });
});
