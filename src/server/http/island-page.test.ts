import { afterAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CLIENT_MANIFEST_FILE,
  type ClientManifest,
  islandPageBody,
  islandPageResponse,
  readClientManifest,
  scriptTags,
} from './island-page';

const MANIFEST: ClientManifest = {
  page: { src: '/assets/page-P.js', deps: ['/assets/chunk-core.js', '/assets/chunk-notify.js'] },
  islands: {
    // 'order' is a prefix of 'order-form': a boundary name cut by the stream must not load it.
    order: { src: '/assets/island-order-Q.js', deps: ['/assets/chunk-preact.js'] },
    'order-form': {
      src: '/assets/island-order-form-O.js',
      deps: ['/assets/chunk-preact.js', '/assets/chunk-core.js', '/assets/chunk-form.js'],
    },
    'order-actions': { src: '/assets/island-order-actions-A.js', deps: ['/assets/chunk-preact.js', '/assets/chunk-form.js'] },
    'area-picker': { src: '/assets/island-area-picker-R.js', deps: ['/assets/chunk-preact.js', '/assets/chunk-area.js'] },
  },
  behaviours: {
    'api-button': { src: '/assets/behaviour-api-button-B.js', deps: ['/assets/chunk-notify.js', '/assets/chunk-http.js'] },
    'api-form': { src: '/assets/behaviour-api-form-F.js', deps: ['/assets/chunk-http.js'] },
  },
};

const HEAD = [
  '<!DOCTYPE html><html lang="zh-cn"><head><meta charSet="utf-8"/>',
  '<link rel="stylesheet" href="/assets/_layout-A.css" data-precedence="vite-rsc/client-reference" crossorigin=""/>',
  '<link rel="modulepreload" href="/assets/client-B.js" crossorigin="" fetchPriority="low"/>',
  '<link rel="modulepreload" href="/assets/index-C.js" crossorigin=""/>',
  '<link rel="preload" as="script" href="/assets/extra-D.js"/>',
  '<link rel="preload" as="image" href="/hero.webp"/>',
  '<title>保单 - 保险经纪会员中心</title>',
];
const HEAD_OUT = [
  '<!DOCTYPE html><html lang="zh-cn"><head><meta charSet="utf-8"/>',
  '<link rel="stylesheet" href="/assets/_layout-A.css" data-precedence="vite-rsc/client-reference" crossorigin=""/>',
  '<link rel="preload" as="image" href="/hero.webp"/>',
  '<title>保单 - 保险经纪会员中心</title>',
  '<link rel="modulepreload" href="/assets/chunk-core.js"><link rel="modulepreload" href="/assets/chunk-notify.js">',
  '<script type="module" src="/assets/page-P.js"></script>',
];
const MAIN = [
  '<main><p>你好，世界 — 2 &lt; 3; data-behaviour=&quot;api-form&quot; is text here</p>',
  '<button type="button" data-behaviour="api-button" data-api="{&quot;url&quot;:&quot;/x&quot;}">导出</button>',
  '<portal-island data-island="order-form" data-props="{&quot;id&quot;:7}" data-uid="_R_1_"><form><label for="_R_1_-0">名称</label><input id="_R_1_-0"/></form></portal-island>',
  '<button type="button" data-behaviour="api-button" data-api="{}">再来</button>',
  '<portal-island data-island="order-actions/OrderRefresh" data-props="{&quot;seconds&quot;:5}" data-uid="_R_2_"><p>5</p></portal-island>',
  '<portal-island data-island="order-form" data-props="{}" data-uid="_R_3_"><form></form></portal-island>',
  '<portal-island data-island="not-built" data-props="{}" data-uid="_R_4_"></portal-island>',
  '</main>',
];

/** A Waku document: modulepreloads in the head, bootstrap and RSC payload scripts in the body. */
const DOCUMENT = [
  ...HEAD,
  '</head><body>',
  ...MAIN,
  '<script nonce="n0nce==" id="_R_">globalThis.__WAKU_HYDRATE__ = true;import("/assets/index-C.js")</script>',
  '<script nonce="n0nce==">(self.__FLIGHT_DATA||=[]).push("0:{\\"root\\":\\"</\\script>\\"}\\n")</script>',
  '<script nonce="n0nce==">$RC("B:0","S:0")</script>',
  '<script nonce="n0nce==">(self.__FLIGHT_DATA||=[]).push("1:[\\"你好\\"]\\n")</script>',
  '</body></html>',
].join('');

/** Scripts before </body>: behaviours, then islands, in the order the page names them; every chunk once. */
const TAIL = [
  '<link rel="modulepreload" href="/assets/chunk-http.js">',
  '<link rel="modulepreload" href="/assets/chunk-preact.js">',
  '<link rel="modulepreload" href="/assets/chunk-form.js">',
  '<script type="module" src="/assets/behaviour-api-button-B.js"></script>',
  '<script type="module" src="/assets/island-order-form-O.js"></script>',
  '<script type="module" src="/assets/island-order-actions-A.js"></script>',
].join('');

const EXPECTED = [...HEAD_OUT, '</head><body>', ...MAIN, '<script nonce="n0nce==">$RC("B:0","S:0")</script>', TAIL, '</body></html>'].join(
  '',
);

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

const run = async (html: string, cuts: number[] = [], manifest = MANIFEST) =>
  new TextDecoder().decode(await new Response(islandPageBody(streamOf(new TextEncoder().encode(html), cuts), manifest)).arrayBuffer());

describe('island pages on the way out', () => {
  test("Waku's preloads, bootstrap and payload go; the page script goes in the head, island and behaviour scripts before </body>", async () => {
    const out = await run(DOCUMENT);
    expect(out).toBe(EXPECTED);
    expect(out).not.toContain('__FLIGHT_DATA');
    expect(out).not.toContain('id="_R_"');
    expect(out).not.toContain('island-area-picker'); // not on this page
    expect(out).not.toContain('island-order-Q'); // a name that only starts the same
    expect(out).not.toContain('behaviour-api-form'); // only named in text
  });

  test('the same result wherever the stream is cut (also inside tags, boundary names and UTF-8 characters)', async () => {
    const size = new TextEncoder().encode(DOCUMENT).length;
    for (let cut = 1; cut < size; cut++) {
      const out = await run(DOCUMENT, [cut]);
      if (out !== EXPECTED) throw new Error(`cut at byte ${cut}:\n${out}`);
    }
    for (let seed = 1; seed <= 200; seed++) {
      const cuts = Array.from({ length: 12 }, (_, i) => (seed * 7919 * (i + 1)) % size);
      expect(await run(DOCUMENT, cuts)).toBe(EXPECTED);
    }
    // One byte at a time.
    expect(
      await run(
        DOCUMENT,
        Array.from({ length: size }, (_, i) => i),
      ),
    ).toBe(EXPECTED);
  });

  test('a page without islands or behaviours gets the page script only', async () => {
    const html = `${HEAD.join('')}</head><body><main><p>静态</p></main></body></html>`;
    expect(await run(html, [200])).toBe(`${HEAD_OUT.join('')}</head><body><main><p>静态</p></main></body></html>`);
  });

  test('a body cut off before </body> still gets its scripts, at the end', async () => {
    const html = `${HEAD.join('')}</head><body>${MAIN[1]}`;
    expect(await run(html, [30, 400])).toBe(
      `${HEAD_OUT.join('')}</head><body>${MAIN[1]}<link rel="modulepreload" href="/assets/chunk-http.js"><script type="module" src="/assets/behaviour-api-button-B.js"></script>`,
    );
  });

  test('a page script chunk an island shares is not preloaded twice; the page script is never loaded again', async () => {
    const manifest: ClientManifest = {
      ...MANIFEST,
      islands: { 'order-form': { src: '/assets/page-P.js', deps: ['/assets/chunk-notify.js', '/assets/chunk-core.js'] } },
    };
    const html = `${HEAD.join('')}</head><body>${MAIN[2]}</body></html>`;
    expect(await run(html, [], manifest)).toBe(`${HEAD_OUT.join('')}</head><body>${MAIN[2]}</body></html>`);
  });

  test('a head without </head> in the first 64 KB passes through byte for byte', async () => {
    const html = `<!DOCTYPE html><html><head><link rel="modulepreload" href="/a.js"/>${'<meta name="x" content="y"/>'.repeat(3000)}</head><body>${MAIN[2]}</body></html>`;
    expect(await run(html, [100, 70_000])).toBe(html);
    const short = '<!DOCTYPE html><p>no head end</p><link rel="modulepreload" href="/a.js"/>';
    expect(await run(short, [5])).toBe(short);
  });
});

describe('scriptTags', () => {
  test('preloads every chunk once, then the scripts; what was loaded before is left out', () => {
    const loaded = new Set(['/assets/chunk-core.js']);
    const tags = scriptTags([MANIFEST.islands['order-form'], MANIFEST.islands['order-actions'], MANIFEST.islands['order-form']], loaded);
    expect(tags).toBe(
      [
        '<link rel="modulepreload" href="/assets/chunk-preact.js">',
        '<link rel="modulepreload" href="/assets/chunk-form.js">',
        '<script type="module" src="/assets/island-order-form-O.js"></script>',
        '<script type="module" src="/assets/island-order-actions-A.js"></script>',
      ].join(''),
    );
    expect(scriptTags([MANIFEST.islands['order-form']], loaded)).toBe('');
  });

  test('URLs are attribute-escaped', () => {
    expect(scriptTags([{ src: '/a.js?x="1"&y', deps: [] }], new Set())).toBe(
      '<script type="module" src="/a.js?x=&quot;1&quot;&amp;y"></script>',
    );
  });
});

describe('islandPageResponse', () => {
  test('only HTML responses are rewritten; status and headers are kept, content-length dropped', async () => {
    const json = new Response('{"a":1}', { headers: { 'content-type': 'application/json' } });
    expect(islandPageResponse(json, MANIFEST)).toBe(json);
    const js = new Response('export {}', { headers: { 'content-type': 'text/javascript' } });
    expect(islandPageResponse(js, MANIFEST)).toBe(js);
    const empty = new Response(null, { status: 304, headers: { 'content-type': 'text/html' } });
    expect(islandPageResponse(empty, MANIFEST)).toBe(empty);
    const page = new Response(DOCUMENT, {
      status: 404,
      headers: { 'content-type': 'text/html; charset=utf-8', 'content-length': '123', 'x-kept': '1' },
    });
    const out = islandPageResponse(page, MANIFEST);
    expect(out.status).toBe(404);
    expect(out.headers.get('x-kept')).toBe('1');
    expect(out.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(out.headers.has('content-length')).toBe(false);
    expect(await out.text()).toBe(EXPECTED);
  });

  test('without a build manifest every response is left alone', () => {
    const page = new Response(DOCUMENT, { headers: { 'content-type': 'text/html' } });
    expect(islandPageResponse(page, null)).toBe(page);
  });
});

describe('readClientManifest', () => {
  const dir = mkdtempSync(join(tmpdir(), 'island-page-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('the build writes it beside dist/server; null without a build', () => {
    expect(readClientManifest(dir)).toBeNull();
    writeFileSync(join(dir, CLIENT_MANIFEST_FILE), JSON.stringify(MANIFEST));
    expect(readClientManifest(dir)).toEqual(MANIFEST);
    expect(readClientManifest(join(dir, 'missing'))).toBeNull();
  });
});
