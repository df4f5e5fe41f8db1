/**
 * Every text table declared with `defineTexts` (decision 0014): the same keys in both languages,
 * and every key used somewhere in the source. "Used" is a scan of `src/` (the tables' own files left
 * out) for the key's name as a word, or for an enclosing key read with brackets (`titles[type]`,
 * `statuses[status]`): a key no code names is dead text.
 */
import { describe, expect, test } from 'bun:test';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { NOTICE_KINDS } from '~/features/notifications';
import { PORTAL_JOBS } from '~/jobs';
import { TEXT_REGISTRY } from '~/lib/texts';

const ROOT = resolve(import.meta.dir, '..');

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(p);
  }
  return out;
}

const files = walk(join(ROOT, 'src'));
const tableFiles = files.filter((f) => /\bdefineTexts\(/.test(readFileSync(f, 'utf8')) && !f.endsWith('/lib/texts.ts'));
// A table may spread parts kept in sibling files of its `texts/` folder: those are text files too.
const textFiles = new Set(files.filter((f) => tableFiles.includes(f) || /\/texts\/[^/]+\.ts$/.test(f)));
const code = files
  .filter((f) => !textFiles.has(f))
  .map((f) => readFileSync(f, 'utf8'))
  .join('\n');
// A table file's own code after the table (`defineTexts(…\n});`) may use keys too.
const tableCode = [...textFiles]
  .map((f) => {
    const after = readFileSync(f, 'utf8').split(/\bdefineTexts\(/)[1] ?? '';
    return after.slice(after.indexOf('\n});') + 4);
  })
  .join('\n');

/** Leaf paths of a table: `detail.back`; an array is one leaf. */
function leaves(value: unknown, prefix: string[] = []): string[][] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => leaves(v, [...prefix, k]));
}

const word = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
function used(path: string[]): boolean {
  const leaf = path[path.length - 1];
  if (new RegExp(`\\b${word(leaf)}\\b`).test(code) || new RegExp(`\\b${word(leaf)}\\b`).test(tableCode)) return true;
  return path.slice(0, -1).some((k) => new RegExp(`\\b${word(k)}\\[`).test(code) || new RegExp(`\\b${word(k)}\\[`).test(tableCode));
}

await Promise.all(tableFiles.map((f) => import(f)));

describe('texts', () => {
  test('the tables are found', () => {
    expect(tableFiles.map((f) => relative(ROOT, f))).toContain('src/features/claims/texts/index.ts');
    expect(TEXT_REGISTRY.has('claims')).toBe(true);
  });

  for (const [id, texts] of TEXT_REGISTRY) {
    test(`${id}: the same keys in zh-cn and en`, () => {
      const zh = leaves(texts.tables['zh-cn']).map((p) => p.join('.'));
      const en = leaves(texts.tables.en).map((p) => p.join('.'));
      expect({ onlyZh: zh.filter((k) => !en.includes(k)), onlyEn: en.filter((k) => !zh.includes(k)) }).toEqual({ onlyZh: [], onlyEn: [] });
    });

    test(`${id}: every key is used`, () => {
      const unused = leaves(texts.tables['zh-cn'])
        .filter((p) => !used(p))
        .map((p) => p.join('.'));
      expect(unused).toEqual([]);
    });
  }

  test("every scheduled job has a title in both languages (the operators' Scheduled jobs card)", () => {
    const operator = TEXT_REGISTRY.get('operator');
    if (!operator) throw new Error('the operator texts are not registered');
    const names = (lang: 'zh-cn' | 'en') => Object.keys((operator.tables[lang] as { jobs: { names: Record<string, string> } }).jobs.names);
    const jobs = PORTAL_JOBS.map((j) => j.name).sort();
    expect({ 'zh-cn': names('zh-cn').sort(), en: names('en').sort() }).toEqual({ 'zh-cn': jobs, en: jobs });
  });

  test('every mandatory notice kind has a name in both languages (the profile says which are always sent)', () => {
    const notices = TEXT_REGISTRY.get('notifications');
    if (!notices) throw new Error('the notification texts are not registered');
    const names = (lang: 'zh-cn' | 'en') =>
      Object.keys((notices.tables[lang] as { mandatoryKinds: Record<string, string> }).mandatoryKinds);
    const mandatory = Object.entries(NOTICE_KINDS)
      .filter(([, k]) => 'mandatory' in k && k.mandatory)
      .map(([name]) => name)
      .sort();
    expect({ 'zh-cn': names('zh-cn').sort(), en: names('en').sort() }).toEqual({ 'zh-cn': mandatory, en: mandatory });
  });
});
