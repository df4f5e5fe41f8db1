import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { ClientManifest, ClientScript } from '../src/server/http/island-page';
import { buildClient } from './build-client';

const ROOT = resolve(import.meta.dir, '..');
const ISLANDS = join(ROOT, 'src/islands');
const BEHAVIOURS = join(ROOT, 'src/behaviours');
const read = (file: string) => readFileSync(file, 'utf8');

/** Island files as their source shows them: src/islands/*.tsx (not tests) that call island(. */
const islandSources = readdirSync(ISLANDS)
  .filter((n) => n.endsWith('.tsx') && !n.endsWith('.test.tsx'))
  .filter((n) => /\bisland\(/.test(read(join(ISLANDS, n))))
  .map((n) => n.slice(0, -'.tsx'.length));

/** What gives a bundle away: React DOM's production build and React's element type; Preact's compat layer and its render hook. */
const REACT_DOM = ['_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE', 'react.dev/errors/', 'react.transitional.element'];
const PREACT = ['Symbol.for("react.element")', '.diffed'];

let outdir: string;
let manifest: ClientManifest;
beforeAll(async () => {
  outdir = mkdtempSync(join(tmpdir(), 'portal-build-client-'));
  manifest = await buildClient({ outdir });
}, 120_000);
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

/** The text of a script and every chunk it preloads. */
const code = (s: ClientScript) => [s.src, ...s.deps].map((url) => read(join(outdir, url.replace(/^\/assets\//, '')))).join('\n');

describe('the browser build (scripts/build-client.ts)', () => {
  test('the markers below really tell React DOM and Preact apart', () => {
    const reactDom = read(join(ROOT, 'node_modules/react-dom/cjs/react-dom-client.production.js'));
    for (const m of REACT_DOM.slice(0, 2)) expect(reactDom).toContain(m);
    expect(read(join(ROOT, 'node_modules/react/cjs/react.production.js'))).toContain(REACT_DOM[2]);
    const preact = read(join(ROOT, 'node_modules/preact/compat/dist/compat.mjs')) + read(join(ROOT, 'node_modules/preact/dist/preact.mjs'));
    for (const m of [...PREACT, ...REACT_DOM]) expect(preact.includes(m)).toBe(PREACT.includes(m));
  });

  test('one script per island file, per behaviour file, and the page script', () => {
    expect(islandSources.length).toBeGreaterThan(10);
    expect(Object.keys(manifest.islands).sort()).toEqual(islandSources.sort());
    const behaviours = readdirSync(BEHAVIOURS)
      .filter((n) => n.endsWith('.ts') && !n.endsWith('.test.ts'))
      .map((n) => n.slice(0, -'.ts'.length));
    expect(Object.keys(manifest.behaviours).sort()).toEqual(behaviours.sort());
    expect(manifest.page.src).toMatch(/^\/assets\/page-[\w-]+\.js$/);
    for (const [name, s] of Object.entries(manifest.islands)) expect(s.src).toMatch(new RegExp(`^/assets/island-${name}-[\\w-]+\\.js$`));
    for (const [name, s] of Object.entries(manifest.behaviours))
      expect(s.src).toMatch(new RegExp(`^/assets/behaviour-${name}-[\\w-]+\\.js$`));
  });

  test('every island name is its file or file/Export, the export that carries it, and unique', async () => {
    const names = new Set<string>();
    for (const file of islandSources) {
      const mod = (await import(join(ISLANDS, `${file}.tsx`))) as Record<string, { island?: { name: string } }>;
      const declared = [...read(join(ISLANDS, `${file}.tsx`)).matchAll(/\bisland\(\s*(['"])(.+?)\1/g)].map((m) => m[2]);
      expect(declared.length).toBeGreaterThan(0);
      // Each island component once (a default export may repeat a named one).
      const components = [...new Set(Object.values(mod).filter((v) => v?.island))];
      expect(components.map((c) => c.island!.name).sort()).toEqual([...declared].sort());
      for (const component of components) {
        const name = component.island!.name;
        const exportNames = Object.keys(mod).filter((k) => k !== 'default' && mod[k] === component);
        expect([file, ...exportNames.map((e) => `${file}/${e}`)]).toContain(name);
        expect(names.has(name)).toBe(false);
        names.add(name);
      }
    }
  });

  test('every script and chunk the manifest names is on disk; each chunk listed once per script', () => {
    const scripts = [manifest.page, ...Object.values(manifest.islands), ...Object.values(manifest.behaviours)];
    for (const s of scripts) {
      for (const url of [s.src, ...s.deps]) {
        expect(url).toStartWith('/assets/');
        expect(existsSync(join(outdir, url.slice('/assets/'.length)))).toBe(true);
      }
      expect(new Set(s.deps).size).toBe(s.deps.length);
      expect(s.deps).not.toContain(s.src);
    }
  });

  test('islands run on Preact, with no React DOM anywhere in what they load', () => {
    for (const [name, s] of Object.entries(manifest.islands)) {
      const text = code(s);
      for (const m of REACT_DOM) if (text.includes(m)) throw new Error(`island ${name} loads React (${m})`);
      for (const m of PREACT) if (!text.includes(m)) throw new Error(`island ${name} does not load Preact (${m})`);
    }
    for (const file of readdirSync(outdir).filter((n) => n.endsWith('.js'))) {
      const text = read(join(outdir, file));
      for (const m of REACT_DOM) if (text.includes(m)) throw new Error(`${file} holds React (${m})`);
    }
  });

  test('the page script and the behaviours load no UI library at all', () => {
    for (const [name, s] of [['page', manifest.page] as const, ...Object.entries(manifest.behaviours)]) {
      const text = code(s);
      for (const m of [...REACT_DOM, ...PREACT]) if (text.includes(m)) throw new Error(`${name} loads a UI library (${m})`);
    }
  });
});
