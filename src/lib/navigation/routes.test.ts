import { describe, expect, test } from 'bun:test';
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { matchPattern, matchRoute, normalizePath, ROUTES } from './routes';

/** Page files of src/pages with the route Waku's file router derives for each. */
function pageFiles(root: string): { path: string; file: string }[] {
  const out: { path: string; file: string }[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) {
        if (e.name.startsWith('_')) continue; // _api, _interceptors, _components, _slices…
        walk(p);
      } else if (/\.tsx?$/.test(e.name) && !e.name.startsWith('_') && !/\.test\./.test(e.name)) {
        const segs = relative(root, p)
          .replace(/\.tsx?$/, '')
          .split('/')
          .filter((s) => !/^\(.*\)$/.test(s));
        if (segs.at(-1) === 'index') segs.pop();
        const path = `/${segs.join('/')}`;
        if (path !== '/404') out.push({ path, file: p });
      }
    }
  };
  walk(root);
  return out;
}

/** Page routes as Waku's file router derives them from src/pages. */
const pagesTree = () =>
  pageFiles(join(import.meta.dir, '../../pages'))
    .map((f) => f.path)
    .sort();

describe('route table', () => {
  test('lists exactly the pages of src/pages', () => {
    expect(ROUTES.map((r) => r.path).sort()).toEqual(pagesTree());
  });
  test('matches literal and dynamic segments', () => {
    expect(matchPattern('/user/iframe/[url]', '/user/iframe/https%3A%2F%2Fa.example%2Fx')).toBe(true);
    expect(matchPattern('/user/iframe/[url]', '/user/iframe/')).toBe(false);
    expect(matchPattern('/user/iframe/[url]', '/user/iframe/a/b')).toBe(false);
    expect(matchPattern('/docs/[...rest]', '/docs/a/b')).toBe(true);
    expect(matchPattern('/docs/[...rest]', '/docs')).toBe(false);
    expect(matchRoute('/offer/')?.path).toBe('/offer');
    expect(matchRoute('/')?.path).toBe('/');
    expect(matchRoute('/user/account')).toBeNull();
    expect(matchRoute('/nope')).toBeNull();
    expect(normalizePath('//a//b/')).toBe('/a/b');
  });
  test('member pages declare the signed-link middleware', () => {
    expect(matchRoute('/user/account/overview')?.middleware).toEqual(['signed-link']);
    expect(matchRoute('/offer')?.middleware).toBeUndefined();
  });
});
