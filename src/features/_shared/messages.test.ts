/**
 * No message shows an unfilled `{placeholder}`: every message of both API tables is rendered with
 * the parameters its callers pass (read from the source), and a left-over brace fails the test.
 */
import { describe, expect, test } from 'bun:test';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { apiMessage, messageTable } from './messages';

const PLACEHOLDER = /\{(\w+)(?::yuan)?\}/g;

function flatten(table: unknown, prefix = '', out = new Map<string, string>()): Map<string, string> {
  for (const [k, v] of Object.entries(table as Record<string, unknown>)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else if (v && typeof v === 'object') flatten(v, key, out);
  }
  return out;
}

const names = (text: string) => [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]))].sort();

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sources(path, out);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('messages.ts')) out.push(path);
  }
  return out;
}

/** The code around a use of a key: the error or call it sits in, with its `params`. */
const around = (text: string, at: number) => text.slice(Math.max(0, at - 500), at + 400);

/** Uses that hand the raw text on to code that fills it (the quote island fills `problem.params`). */
const FILLED_ELSEWHERE = ['features/products/ui/offer-page.tsx'];

const zh = flatten(messageTable('zh-cn'));
const en = flatten(messageTable('en'));
const withPlaceholders = [...en]
  .map(([key, text]) => [key, `${text} ${zh.get(key) ?? ''}`] as const)
  .filter(([, text]) => names(text).length > 0);
const code = sources(join(import.meta.dir, '../..')).map((path) => ({ path, text: readFileSync(path, 'utf8') }));

describe('API message tables', () => {
  test('every message has both languages', () => {
    for (const key of en.keys()) expect({ key, zh: zh.has(key) }).toEqual({ key, zh: true });
    for (const key of zh.keys()) expect({ key, en: en.has(key) }).toEqual({ key, en: true });
  });

  test('every caller of a message with placeholders passes each parameter', () => {
    const missing: string[] = [];
    let calls = 0;
    for (const [key, text] of withPlaceholders) {
      for (const { path, text: src } of code) {
        if (FILLED_ELSEWHERE.some((f) => path.endsWith(f))) continue;
        for (const quote of ["'", '"']) {
          let at = src.indexOf(`${quote}${key}${quote}`);
          while (at >= 0) {
            calls++;
            const call = around(src, at);
            for (const name of names(text)) {
              if (!new RegExp(`\\b${name}\\b`).test(call)) missing.push(`${path}: ${key} without {${name}}`);
            }
            at = src.indexOf(`${quote}${key}${quote}`, at + 1);
          }
        }
      }
    }
    expect(calls).toBeGreaterThan(20);
    expect(missing).toEqual([]);
  });

  test('rendered with its parameters, no message keeps a brace', () => {
    for (const locale of ['zh-cn', 'en'] as const) {
      for (const [key, text] of flatten(messageTable(locale))) {
        const params = Object.fromEntries(names(text).map((n) => [n, `<${n}>`]));
        expect({ key, rendered: apiMessage(locale, key, params) }).not.toEqual({ key, rendered: expect.stringMatching(/[{}]/) });
      }
    }
  });

  test('a placeholder without its parameter is left out, never shown (keys can come from a URL)', () => {
    expect(apiMessage('en', 'notFound')).toBe('Error requesting address: ');
    expect(apiMessage('zh-cn', 'code.wait')).not.toMatch(/[{}]/);
  });

  test('a missing record says "Record not found" in both languages', () => {
    expect(apiMessage('en', 'notFoundRecord')).toBe('Record not found');
    expect(apiMessage('zh-cn', 'notFoundRecord')).not.toMatch(/[{}]/);
  });
});
