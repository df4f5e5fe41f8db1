import { afterAll, describe, expect, test } from 'bun:test';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { plainPageBody, plainPageResponse, plainPageScriptUrl } from './plain-page';

const SCRIPT = '/assets/plain-page-T3st.js';

/** The shape of a Waku document: modulepreloads in the head, bootstrap and payload scripts in the body. */
function wakuDocument(marker: boolean): string {
  return [
    '<!DOCTYPE html><html lang="zh-cn"><head><meta charSet="utf-8"/>',
    '<link rel="stylesheet" href="/assets/_layout-A.css" data-precedence="vite-rsc/client-reference" crossorigin=""/>',
    '<link rel="modulepreload" href="/assets/client-B.js" crossorigin="" fetchPriority="low"/>',
    '<link rel="modulepreload" href="/assets/index-C.js" crossorigin=""/>',
    '<link rel="preload" as="script" href="/assets/extra-D.js"/>',
    '<link rel="preload" as="image" href="/hero.webp"/>',
    '<title>首页 - 保险经纪会员中心</title>',
    marker ? '<meta name="portal-page" content="plain" data-texts="{}"/>' : '',
    '</head><body><main><p>你好，世界 — 2 &lt; 3</p><a href="/offer">报价</a></main>',
    '<script nonce="n0nce==" id="_R_">globalThis.__WAKU_HYDRATE__ = true;import("/assets/index-C.js")</script>',
    '<script nonce="n0nce==">(self.__FLIGHT_DATA||=[]).push("0:{\\"root\\":\\"</\\script>\\"}\\n")</script>',
    '<script nonce="n0nce==">$RC("B:0","S:0")</script>',
    '<script nonce="n0nce==">(self.__FLIGHT_DATA||=[]).push("1:[\\"你好\\"]\\n")</script>',
    '</body></html>',
  ].join('');
}

const PLAIN = [
  '<!DOCTYPE html><html lang="zh-cn"><head><meta charSet="utf-8"/>',
  '<link rel="stylesheet" href="/assets/_layout-A.css" data-precedence="vite-rsc/client-reference" crossorigin=""/>',
  '<link rel="preload" as="image" href="/hero.webp"/>',
  '<title>首页 - 保险经纪会员中心</title>',
  '<meta name="portal-page" content="plain" data-texts="{}"/>',
  `<script type="module" src="${SCRIPT}"></script>`,
  '</head><body><main><p>你好，世界 — 2 &lt; 3</p><a href="/offer">报价</a></main>',
  '<script nonce="n0nce==">$RC("B:0","S:0")</script>',
  '</body></html>',
].join('');

/** Streams `bytes` in pieces cut at `cuts` (byte offsets, so UTF-8 characters get split too). */
function streamOf(bytes: Uint8Array, cuts: number[]): ReadableStream<Uint8Array> {
  const points = [0, ...cuts.filter((c) => c > 0 && c < bytes.length).sort((a, b) => a - b), bytes.length];
  return new ReadableStream({
    start(ctl) {
      for (let i = 0; i + 1 < points.length; i++) ctl.enqueue(bytes.slice(points[i], points[i + 1]));
      ctl.close();
    },
  });
}

const run = async (html: string, cuts: number[]) =>
  new Uint8Array(await new Response(plainPageBody(streamOf(new TextEncoder().encode(html), cuts), SCRIPT)).arrayBuffer());

describe('plain pages on the way out', () => {
  test('a marked page loses modulepreloads, the bootstrap and the payload, and gets the plain-page script', async () => {
    expect(new TextDecoder().decode(await run(wakuDocument(true), []))).toBe(PLAIN);
  });

  test('the same result wherever the stream is cut (also inside tags and UTF-8 characters)', async () => {
    const html = wakuDocument(true);
    const size = new TextEncoder().encode(html).length;
    for (let cut = 1; cut < size; cut++) {
      expect(new TextDecoder().decode(await run(html, [cut]))).toBe(PLAIN);
    }
    for (let seed = 1; seed <= 200; seed++) {
      const cuts = Array.from({ length: 12 }, (_, i) => (seed * 7919 * (i + 1)) % size);
      expect(new TextDecoder().decode(await run(html, cuts))).toBe(PLAIN);
    }
  });

  test('any other document passes byte for byte', async () => {
    const html = wakuDocument(false);
    const bytes = new TextEncoder().encode(html);
    for (const cuts of [[], [1], [60], [300, 301, 302], [bytes.length - 3]]) {
      expect(await run(html, cuts)).toEqual(bytes);
    }
  });

  test('only HTML responses are touched; headers and status are kept, content-length dropped', async () => {
    const json = new Response('{"a":1}', { headers: { 'content-type': 'application/json' } });
    expect(plainPageResponse(json, SCRIPT)).toBe(json);
    const noScript = new Response(wakuDocument(true), { headers: { 'content-type': 'text/html' } });
    expect(plainPageResponse(noScript, null)).toBe(noScript);
    const page = new Response(wakuDocument(true), {
      status: 404,
      headers: { 'content-type': 'text/html; charset=utf-8', 'content-length': '123', 'x-kept': '1' },
    });
    const out = plainPageResponse(page, SCRIPT);
    expect(out.status).toBe(404);
    expect(out.headers.get('x-kept')).toBe('1');
    expect(out.headers.has('content-length')).toBe(false);
    expect(await out.text()).toBe(PLAIN);
  });
});

describe('plain-page script URL', () => {
  const dir = mkdtempSync(join(tmpdir(), 'plain-page-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('the built file, the source under dev, null without a build', () => {
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'assets', 'index-X.js'), '');
    expect(plainPageScriptUrl(false, dir)).toBeNull();
    writeFileSync(join(dir, 'assets', 'plain-page-Ab_9.js'), '');
    writeFileSync(join(dir, 'assets', 'plain-page-Ab_9.js.br'), '');
    expect(plainPageScriptUrl(false, dir)).toBe('/assets/plain-page-Ab_9.js');
    expect(plainPageScriptUrl(true, dir)).toBe('/src/lib/plain-page/index.ts');
    expect(plainPageScriptUrl(false, join(dir, 'missing'))).toBeNull();
  });
});
