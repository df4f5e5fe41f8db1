/**
 * Seeded hostile requests for the API fuzz test (tests/fuzz/api-fuzz.test.ts).
 *
 * `draftRequest(kind, target, seed)` turns one (kind, route) pair and a seed into a request
 * draft: method, path with query, headers, cookies, body bytes, and how to send it. The same seed
 * gives the same draft, so a failure printed with its seed and index can be sent again. Rich values
 * (strings, JSON values, doubles) come from fast-check arbitraries drawn with derived seeds; picks
 * and sizes from a small splitmix32 generator on the same seed.
 *
 * The runner adds what depends on the live server: the identity (none, the demo member's token
 * in the `ba-user-token` cookie, or in the header of that name) and the Origin header (the server's
 * own origin for most writes, else none or a foreign one, as the draft says).
 */
import fc from 'fast-check';

/** One route to fuzz: an API route from the router, or an HTML form endpoint. */
export interface Target {
  surface: 'api' | 'form';
  method: string;
  /** Path as registered (API paths include /userapi/v1). */
  path: string;
}

export const KINDS = [
  'plausible', // well-formed input with random values: reaches the handlers
  'wrongTypes', // arrays, objects, booleans, null where strings or numbers belong
  'numbers', // huge, negative, NaN, Infinity, 1e999, unsafe integers (also as raw JSON tokens)
  'longStrings', // 60 KB strings (12 KB in query strings: the HTTP head is capped by Bun)
  'controlChars', // NUL, C0/C1 controls, lone surrogates, BOM, bidi overrides
  'injection', // SQL, HTML, template and message-placeholder text
  'deepJson', // nesting from 17 to 30,000 levels
  'invalidJson', // truncated, trailing commas, NaN, BOM, concatenated, empty
  'invalidUtf8', // bytes that are not UTF-8, in JSON, urlencoded and multipart bodies
  'dupProto', // duplicate keys, __proto__ / constructor.prototype keys
  'brokenMultipart', // no boundary, wrong boundary, no final boundary, empty, odd parts
  'wrongContentType', // JSON as text/plain, XML, octet-stream, charset=latin1, lists, none
  'oversized', // just over the 64 KB body limit (and exactly at it)
  'chunked', // ReadableStream bodies with no content-length, small and over the limit
  'hostileQuery', // nested/duplicate/__proto__ params, bad percent-encoding, 500 params
  'hostileCookies', // garbage tokens, languages, themes, time zones; odd headers
  'hostilePath', // %00, %zz, ..%2f, %0d%0a, trailing slashes, long segments
  'wrongMethod', // every other method, including made-up ones
] as const;
export type Kind = (typeof KINDS)[number];

/** Who sends the request; the runner fills in the token. */
export const IDENTITIES = ['anonymous', 'cookie', 'header'] as const;
export type Identity = (typeof IDENTITIES)[number];

/** How a write's Origin header is set: the server's own origin, none, or `hostileOrigin`. */
export type OriginMode = 'same' | 'none' | 'hostile';

/** Body bytes (an ArrayBuffer-backed Uint8Array, which fetch takes as a body). */
export type Bytes = Uint8Array<ArrayBuffer>;

export interface Draft {
  kind: Kind;
  /** A short label of the variant (for grouping failures). */
  variant: string;
  method: string;
  /** Path and query as they go on the wire (already percent-encoded where meant to be). */
  path: string;
  headers: [string, string][];
  /** Extra `name=value` cookie pairs (raw). */
  cookies: string[];
  body?: Bytes;
  /** Send the body as a ReadableStream of chunks this size (no content-length). */
  streamChunk?: number;
  origin: OriginMode;
  hostileOrigin?: string;
}

/** The API's body limit (src/server/http/body.ts MAX_BODY_BYTES). */
export const BODY_LIMIT = 64 * 1024;
/**
 * Longest query string sent (after percent-encoding). Bun refuses a request head over 16 KB with
 * a bare 431 before the app runs; that is out of the app's reach, so the fuzz stays below it.
 */
const HEAD_BUDGET = 12_000;

/** `text` cut until its percent-encoding fits `budget` characters. */
function fitEncoded(text: string, budget: number): string {
  let t = text;
  while (t.length > 0 && pct(t).length > budget) t = t.slice(0, Math.floor(t.length * 0.8));
  return t;
}

export const DEMO_ACCOUNTS = ['demo', 'manager', 'operator'];

// ---------------------------------------------------------------------------------------------
// Randomness

/** Mixes two 32-bit numbers into a new seed (for per-request seeds from the run's seed). */
export function mixSeed(a: number, b: number): number {
  let h = (a ^ Math.imul(b + 0x9e3779b9, 0x85ebca6b)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d) >>> 0;
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b) >>> 0;
  return (h ^ (h >>> 16)) | 0;
}

/** A seeded source of picks, sizes and fast-check values. */
export class Gen {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  /** splitmix32: a float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x9e3779b9) >>> 0;
    let z = this.state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return ((z ^ (z >>> 16)) >>> 0) / 2 ** 32;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  bool(p = 0.5): boolean {
    return this.next() < p;
  }
  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.next() * list.length)];
  }
  /** One value of a fast-check arbitrary, drawn with a seed from this generator. */
  draw<T>(arb: fc.Arbitrary<T>): T {
    return fc.sample(arb, { seed: this.int(-(2 ** 31), 2 ** 31 - 1), numRuns: 1 })[0];
  }
  /** Picks by weight: [[weight, value], …]. */
  weighted<T>(options: [number, T][]): T {
    const total = options.reduce((s, [w]) => s + w, 0);
    let r = this.next() * total;
    for (const [w, v] of options) {
      r -= w;
      if (r < 0) return v;
    }
    return options[options.length - 1][1];
  }
}

// ---------------------------------------------------------------------------------------------
// Encodings

/** A raw JSON token written as is (e.g. `1e999`, `NaN`, `-0`). */
export class Raw {
  constructor(readonly text: string) {}
}

type Value = string | number | boolean | null | Raw | Value[] | { [k: string]: Value };

/** UTF-8, except that lone surrogates become their 3-byte (invalid) encoding instead of U+FFFD. */
export function wtf8(text: string): Bytes {
  const out: number[] = [];
  for (let i = 0; i < text.length; i++) {
    let cp = text.charCodeAt(i);
    if (cp >= 0xd800 && cp <= 0xdbff && i + 1 < text.length) {
      const lo = text.charCodeAt(i + 1);
      if (lo >= 0xdc00 && lo <= 0xdfff) {
        cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
        i++;
      }
    }
    if (cp < 0x80) out.push(cp);
    else if (cp < 0x800) out.push(0xc0 | (cp >> 6), 0x80 | (cp & 63));
    else if (cp < 0x10000) out.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
    else out.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 63), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
  }
  return Uint8Array.from(out);
}

/** Percent-encodes every byte of `wtf8(text)` outside the unreserved set. */
export function pct(text: string): string {
  let s = '';
  for (const b of wtf8(text)) {
    const ch = String.fromCharCode(b);
    s += /[A-Za-z0-9\-._~]/.test(ch) ? ch : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return s;
}

const enc = new TextEncoder();
const bytes = (text: string) => enc.encode(text);

export function concat(...parts: (Uint8Array | string)[]): Bytes {
  const arrays = parts.map((p) => (typeof p === 'string' ? wtf8(p) : p));
  const out = new Uint8Array(arrays.reduce((n, a) => n + a.length, 0));
  let at = 0;
  for (const a of arrays) {
    out.set(a, at);
    at += a.length;
  }
  return out;
}

/** JSON text for a value with Raw tokens (JSON.stringify keeps lone surrogates as \\udXXX escapes). */
export function toJson(v: Value): string {
  if (v instanceof Raw) return v.text;
  if (Array.isArray(v)) return `[${v.map(toJson).join(',')}]`;
  if (v !== null && typeof v === 'object') {
    return `{${Object.entries(v)
      .map(([k, x]) => `${JSON.stringify(k)}:${toJson(x)}`)
      .join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

/** `name[key]` pairs for urlencoded bodies, multipart parts and query strings. */
export function flatten(v: Value, prefix: string, out: [string, string][] = []): [string, string][] {
  if (v instanceof Raw) out.push([prefix, v.text]);
  else if (Array.isArray(v)) {
    if (v.length === 0) out.push([`${prefix}[]`, '']);
    v.forEach((x, i) => {
      flatten(x, `${prefix}[${i}]`, out);
    });
  } else if (v !== null && typeof v === 'object') {
    const entries = Object.entries(v);
    if (entries.length === 0) out.push([prefix, '']);
    for (const [k, x] of entries) flatten(x, `${prefix}[${k}]`, out);
  } else out.push([prefix, v === null ? '' : String(v)]);
  return out;
}

const pairsOf = (fields: Record<string, Value>) => Object.entries(fields).flatMap(([k, v]) => flatten(v, k));
export const urlencoded = (pairs: [string, string][]) => pairs.map(([k, v]) => `${pct(k)}=${pct(v)}`).join('&');

export function multipart(parts: [string, string | Uint8Array][], boundary: string, opts: { final?: boolean } = {}): Bytes {
  const chunks: (string | Uint8Array)[] = [];
  for (const [name, value] of parts) {
    chunks.push(`--${boundary}\r\nContent-Disposition: form-data; name="${name.replace(/["\r\n]/g, '_')}"\r\n\r\n`, value, '\r\n');
  }
  if (opts.final !== false) chunks.push(`--${boundary}--\r\n`);
  return concat(...chunks);
}

// ---------------------------------------------------------------------------------------------
// Values

/** Field names the API and the forms read (and a few they don't). */
export const FIELDS = [
  'account',
  'password',
  'keep',
  'refresh_token',
  'refreshToken',
  'requiredLogin',
  'signature',
  'type',
  'lang',
  'theme',
  'to',
  'page',
  'limit',
  'id',
] as const;

const NUMERIC_TOKENS = [
  '1e999',
  '-1e999',
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '-0',
  '0',
  '9007199254740993',
  '-9007199254740993',
  '18446744073709551616',
  '123456789012345678901234567890123456789012345678901234567890',
  '1e-400',
  '0.1',
  '-2147483649',
  '4294967296',
  '0x10',
  '1e3',
  '00012',
  '+1',
  '.5',
  '5.',
  '1_000',
  '"NaN"',
  '"-1"',
  '"1e999"',
  '" 1 "',
  '"Infinity"',
  '"0x1F"',
];

const SPECIAL_CHARS = [
  '\u0000',
  '\u0001',
  '\u0007',
  '\b',
  '\t',
  '\n',
  '\r',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u009f',
  '\ud800',
  '\udfff',
  '\udc00\ud800',
  '\ufeff',
  '\ufffe',
  '\uffff',
  '\u2028',
  '\u2029',
  '\u202e',
  '\u200b',
  '\u0301\u0301\u0301',
  '𝕏',
  '😀',
];

export const INJECTIONS = [
  "' OR '1'='1",
  "' OR 1=1 --",
  "admin'--",
  '"; DROP TABLE "user"; --',
  "'; DROP TABLE token; --",
  '1; SELECT pg_sleep(3)--',
  "' || (SELECT pg_sleep(3)) || '",
  "'; SELECT randomblob(1000000000); --",
  '\' UNION SELECT password_hash, 1, 1 FROM "user" --',
  "%' AND 1=1 AND '%'='",
  "\\'; --",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "'><svg/onload=alert(1)>",
  'javascript:alert(1)',
  '<!--',
  ']]>',
  '{{7*7}}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: template-injection text, sent literally
  '${7*7}',
  '#{7*7}',
  '<%= 7*7 %>',
  '{url}',
  '{minutes}',
  '{{constructor.constructor("return process")()}}',
  '$(id)',
  '`id`',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '/etc/passwd%00.png',
  '%s%s%s%n',
  '%x%x%x',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  '[object Object]',
  'undefined',
  '*)(uid=*))(|(uid=*',
  'a\r\nSet-Cookie: injected=1',
  '//evil.example/x',
  'https://evil.example',
  '\\\\evil.example\\share',
];

/** A string that is never one of the demo logins (logins with them and a wrong password lock them). */
export function notDemo(account: string): string {
  return DEMO_ACCOUNTS.includes(account.trim().toLowerCase()) ? `fz-${account}` : account;
}

const shortString = fc.string({ maxLength: 12, unit: 'binary' });

function plausibleFields(g: Gen): Record<string, Value> {
  const all: Record<string, Value> = {
    account: notDemo(g.draw(fc.stringMatching(/^fz[a-z0-9_]{2,14}$/))),
    password: g.draw(fc.string({ minLength: 6, maxLength: 24 })),
    keep: g.pick([true, false, 1, 0, 'on', '1']),
    refresh_token: g.draw(fc.stringMatching(/^[0-9a-f]{64}$/)),
    requiredLogin: g.pick([0, 1, '0', '1']),
    signature: g.draw(fc.stringMatching(/^[A-Za-z0-9_-]{10,80}(\.[A-Za-z0-9_-]{10,40})?$/)),
    type: g.pick(['order/guzhu', 'order/personal', 'order/tuanyi', 'claim/list', 'team/teamMange', 'nope/none']),
    lang: g.pick(['en', 'zh-cn', 'zh', 'EN']),
    theme: g.pick(['dark', 'light']),
    to: g.pick(['/user', '/', '/user/account/overview', '/product']),
  };
  return pickFields(g, all);
}

/** A random non-empty subset of the fields (account and password together more often than not). */
function pickFields(g: Gen, all: Record<string, Value>): Record<string, Value> {
  const out: Record<string, Value> = {};
  for (const [k, v] of Object.entries(all)) if (g.bool(0.45)) out[k] = v;
  if (g.bool(0.6)) {
    if ('account' in all) out.account = all.account;
    if ('password' in all) out.password = all.password;
  }
  if (Object.keys(out).length === 0) {
    const k = g.pick(Object.keys(all));
    out[k] = all[k];
  }
  return out;
}

function fieldsWith(g: Gen, value: () => Value): Record<string, Value> {
  const all: Record<string, Value> = {};
  for (const f of FIELDS) all[f] = value();
  // Now and then a field nobody reads.
  if (g.bool(0.3)) all[g.draw(fc.string({ minLength: 1, maxLength: 10 }))] = value();
  const fields = pickFields(g, all);
  if (typeof fields.account === 'string') fields.account = notDemo(fields.account);
  return fields;
}

const wrongTypeValue = (g: Gen): Value =>
  g.pick([
    () => g.draw(fc.integer()),
    () => g.draw(fc.double({ noNaN: true })),
    () => g.bool(),
    () => null,
    () => [] as Value[],
    () => ({}),
    () => g.draw(fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 })) as Value,
    () => g.draw(fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 })) as Value,
    () => [g.draw(shortString)],
    () => ({ toString: 'x', valueOf: 1 }),
  ])();

const numberValue = (g: Gen): Value =>
  g.weighted<() => Value>([
    [5, () => new Raw(g.pick(NUMERIC_TOKENS))],
    [2, () => g.draw(fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }))],
    [1, () => g.draw(fc.double())], // NaN and ±Infinity become null in JSON, text elsewhere
    [1, () => g.pick([Number.MAX_VALUE, -Number.MAX_VALUE, Number.MIN_VALUE, 2 ** 53 + 2, -(2 ** 63)])],
  ])();

function longString(g: Gen, max: number): string {
  const unit = g.weighted<string>([
    [4, 'a'],
    [2, g.draw(fc.string({ minLength: 1, maxLength: 8 }))],
    [1, '中'],
    [1, '😀'],
    [1, '\u0000'],
  ]);
  const n = g.int(Math.floor(max * 0.97), max);
  return unit.repeat(Math.ceil(n / unit.length)).slice(0, n);
}

const controlString = (g: Gen): string =>
  Array.from({ length: g.int(1, 10) }, () => (g.bool(0.6) ? g.pick(SPECIAL_CHARS) : g.draw(fc.string({ maxLength: 5 })))).join('');

const injectionString = (g: Gen): string =>
  g.bool(0.8) ? g.pick(INJECTIONS) : `${g.draw(fc.string({ maxLength: 6 }))}${g.pick(INJECTIONS)}${g.draw(fc.string({ maxLength: 6 }))}`;

// ---------------------------------------------------------------------------------------------
// Bodies

type Encoding = 'json' | 'urlencoded' | 'multipart';

interface Body {
  variant: string;
  headers: [string, string][];
  body: Bytes;
}

const boundaryOf = (g: Gen) => `----fuzz${g.draw(fc.stringMatching(/^[A-Za-z0-9]{8,24}$/))}`;

function encodeFields(g: Gen, fields: Record<string, Value>, encoding: Encoding): Body {
  if (encoding === 'json') {
    const ct = g.pick(['application/json', 'application/json; charset=utf-8', 'application/json;charset=UTF-8']);
    return { variant: 'json', headers: [['content-type', ct]], body: wtf8(toJson(fields)) };
  }
  if (encoding === 'urlencoded') {
    return {
      variant: 'urlencoded',
      headers: [['content-type', 'application/x-www-form-urlencoded']],
      body: bytes(urlencoded(pairsOf(fields))),
    };
  }
  const boundary = boundaryOf(g);
  return {
    variant: 'multipart',
    headers: [['content-type', `multipart/form-data; boundary=${boundary}`]],
    body: multipart(pairsOf(fields), boundary),
  };
}

function pickEncoding(g: Gen, target: Target): Encoding {
  return target.surface === 'form'
    ? g.weighted<Encoding>([
        [5, 'urlencoded'],
        [3, 'multipart'],
        [2, 'json'],
      ])
    : g.weighted<Encoding>([
        [6, 'json'],
        [2, 'urlencoded'],
        [2, 'multipart'],
      ]);
}

function deepJson(g: Gen): Body {
  const depth = g.pick([17, 64, 100, 1000, 10_000, 30_000]);
  const shape = g.pick(['array', 'object', 'mixed', 'unclosed']);
  let text: string;
  if (shape === 'array') text = `${'['.repeat(depth)}${']'.repeat(depth)}`;
  else if (shape === 'object') text = `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
  else if (shape === 'mixed')
    text = `{"account":${'[{"a":'.repeat(Math.ceil(depth / 2))}1${'}]'.repeat(Math.ceil(depth / 2))},"password":"x"}`;
  else text = '['.repeat(depth);
  return { variant: `deep:${shape}:${depth}`, headers: [['content-type', 'application/json']], body: bytes(text) };
}

const INVALID_JSON = [
  '',
  ' ',
  '{',
  '}',
  '{"account":"fz1","password":',
  '{"account": "fz1",}',
  "{'account':'fz1'}",
  '{account: "fz1"}',
  'NaN',
  '{"a":1}{"b":2}',
  '\ufeff{"account":"fz1"}',
  'null',
  '[]',
  '"string"',
  '123',
  'true',
  '{"a":"\u0000"}',
  '{"a":"\n"}',
  '{"a": 01}',
  '{"a": .5}',
  '{"a": 1e}',
  '{"a": "\\u12"}',
  '{"a": "\\x41"}',
  '{"a": "\\ud800"}',
  '{"__proto__": null}',
  '{"a" "b"}',
  '[1,2,,3]',
  '{"a":[1,2}',
  '\u0000',
  '{"a":1}//comment',
  '/*c*/{"a":1}',
];

function invalidJson(g: Gen): Body {
  let text = g.pick(INVALID_JSON);
  let variant = 'invalid-json:list';
  if (g.bool(0.3)) {
    const valid = toJson(plausibleFields(g));
    text = valid.slice(0, g.int(0, valid.length - 1));
    variant = 'invalid-json:truncated';
  }
  return { variant, headers: [['content-type', 'application/json']], body: wtf8(text) };
}

const BAD_UTF8 = [
  [0xff],
  [0xfe, 0xff],
  [0xc0, 0xaf],
  [0xed, 0xa0, 0x80],
  [0x80],
  [0xe0, 0xa4],
  [0xf4, 0x90, 0x80, 0x80],
  [0xf8, 0x88, 0x80, 0x80, 0x80],
  [0xc3],
];

function invalidUtf8(g: Gen, target: Target): Body {
  const bad = Uint8Array.from(g.pick(BAD_UTF8));
  const where = g.pick(['json', 'urlencoded-raw', 'urlencoded-pct', 'multipart', 'utf16-json']);
  const account = `fz${g.int(0, 99_999)}`;
  if (where === 'json') {
    return {
      variant: 'utf8:json',
      headers: [['content-type', 'application/json']],
      body: concat('{"account":"', account, bad, '","password":"', bad, 'x"}'),
    };
  }
  if (where === 'urlencoded-raw' || where === 'urlencoded-pct') {
    const value = where === 'urlencoded-raw' ? bad : bytes(Array.from(bad, (b) => `%${b.toString(16).toUpperCase()}`).join(''));
    return {
      variant: `utf8:${where}`,
      headers: [['content-type', 'application/x-www-form-urlencoded']],
      body: concat('account=', account, value, '&password=x', value, target.surface === 'form' ? '&lang=' : '&type=', value),
    };
  }
  if (where === 'multipart') {
    const boundary = boundaryOf(g);
    return {
      variant: 'utf8:multipart',
      headers: [['content-type', `multipart/form-data; boundary=${boundary}`]],
      body: multipart(
        [
          ['account', concat(account, bad)],
          ['password', concat('x', bad)],
        ],
        boundary,
      ),
    };
  }
  const text = `\ufeff{"account":"${account}","password":"x"}`;
  const utf16 = new Uint8Array(text.length * 2);
  for (let i = 0; i < text.length; i++) {
    utf16[i * 2] = text.charCodeAt(i) & 0xff;
    utf16[i * 2 + 1] = text.charCodeAt(i) >> 8;
  }
  return { variant: 'utf8:utf16', headers: [['content-type', 'application/json; charset=utf-16']], body: utf16 };
}

function dupProto(g: Gen, target: Target, encoding: Encoding): Body {
  const account = `fz${g.int(0, 99_999)}`;
  if (encoding === 'json') {
    const text = g.pick([
      `{"account":"${account}","account":{"x":1},"password":"a","password":"b"}`,
      `{"__proto__":{"polluted":true,"account":"${account}"},"password":"x"}`,
      `{"constructor":{"prototype":{"polluted":true}},"account":"${account}","password":"x"}`,
      `{"account":{"__proto__":{"length":1}},"password":{"constructor":"x"}}`,
      `{"__proto__":[],"toString":1,"valueOf":"x","hasOwnProperty":null}`,
      `{"requiredLogin":1,"requiredLogin":"1","requiredLogin":[1]}`,
      `{"keep":true,"keep":false,"keep":"__proto__"}`,
      `[{"__proto__":{"isAdmin":true}}]`,
    ]);
    return { variant: 'proto:json', headers: [['content-type', 'application/json']], body: bytes(text) };
  }
  const pairs: [string, string][] = g.pick([
    [
      ['account', account],
      ['account', 'b'],
      ['password', 'x'],
      ['password', 'y'],
    ],
    [
      ['__proto__[polluted]', '1'],
      ['account', account],
      ['password', 'x'],
    ],
    [
      ['constructor[prototype][polluted]', '1'],
      ['account', account],
    ],
    [
      ['account[__proto__][x]', '1'],
      ['password[]', 'x'],
      ['password[]', 'y'],
    ],
    [
      ['__proto__', 'x'],
      ['toString', 'x'],
      ['hasOwnProperty', 'x'],
      [target.surface === 'form' ? 'lang' : 'type', '__proto__'],
    ],
    [
      ['lang', 'en'],
      ['lang', 'zh-cn'],
      ['theme', 'dark'],
      ['theme', 'light'],
      ['to', '/a'],
      ['to', '//b'],
    ],
  ]);
  if (encoding === 'urlencoded') {
    return {
      variant: 'proto:urlencoded',
      headers: [['content-type', 'application/x-www-form-urlencoded']],
      body: bytes(urlencoded(pairs)),
    };
  }
  const boundary = boundaryOf(g);
  return {
    variant: 'proto:multipart',
    headers: [['content-type', `multipart/form-data; boundary=${boundary}`]],
    body: multipart(pairs, boundary),
  };
}

function brokenMultipart(g: Gen): Body {
  const b = boundaryOf(g);
  const part = (name: string, value: string, boundary = b) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const account = `fz${g.int(0, 99_999)}`;
  const variants: [string, string, string | Bytes][] = [
    ['no-boundary', 'multipart/form-data', `${part('account', account)}--${b}--\r\n`],
    ['no-boundary-empty', 'multipart/form-data', ''],
    ['empty-boundary', 'multipart/form-data; boundary=', `${part('account', account)}--${b}--\r\n`],
    ['wrong-boundary', `multipart/form-data; boundary=${b}x`, `${part('account', account)}--${b}--\r\n`],
    ['no-final-boundary', `multipart/form-data; boundary=${b}`, part('account', account) + part('password', 'x')],
    ['empty', `multipart/form-data; boundary=${b}`, ''],
    ['only-final', `multipart/form-data; boundary=${b}`, `--${b}--\r\n`],
    ['no-disposition', `multipart/form-data; boundary=${b}`, `--${b}\r\nContent-Type: text/plain\r\n\r\nx\r\n--${b}--\r\n`],
    ['no-name', `multipart/form-data; boundary=${b}`, `--${b}\r\nContent-Disposition: form-data\r\n\r\nx\r\n--${b}--\r\n`],
    [
      'file-part',
      `multipart/form-data; boundary=${b}`,
      concat(
        `--${b}\r\nContent-Disposition: form-data; name="account"; filename="../../x.exe"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        Uint8Array.from([0, 255, 1, 2, 0xc3]),
        `\r\n--${b}--\r\n`,
      ),
    ],
    ['lf-only', `multipart/form-data; boundary=${b}`, `--${b}\nContent-Disposition: form-data; name="account"\n\n${account}\n--${b}--\n`],
    [
      'long-boundary',
      `multipart/form-data; boundary=${'b'.repeat(300)}`,
      `${part('account', account, 'b'.repeat(300))}--${'b'.repeat(300)}--\r\n`,
    ],
    ['unterminated-quote', 'multipart/form-data; boundary="abc', '--abc\r\n\r\n'],
    ['garbage', `multipart/form-data; boundary=${b}`, g.draw(fc.string({ maxLength: 200, unit: 'binary' }))],
    [
      'huge-part-header',
      `multipart/form-data; boundary=${b}`,
      `--${b}\r\nContent-Disposition: form-data; name="account"\r\nX-Pad: ${'p'.repeat(20_000)}\r\n\r\nx\r\n--${b}--\r\n`,
    ],
    [
      'many-parts',
      `multipart/form-data; boundary=${b}`,
      `${Array.from({ length: 2000 }, (_, i) => part(`f${i}`, 'x')).join('')}--${b}--\r\n`,
    ],
    [
      'nested-mixed',
      `multipart/form-data; boundary=${b}`,
      `--${b}\r\nContent-Disposition: form-data; name="account"\r\nContent-Type: multipart/mixed; boundary=inner\r\n\r\n--inner\r\n\r\nx\r\n--inner--\r\n--${b}--\r\n`,
    ],
    ['mixed-type', `multipart/mixed; boundary=${b}`, `${part('account', account)}--${b}--\r\n`],
    [
      'bad-name-quote',
      `multipart/form-data; boundary=${b}`,
      `--${b}\r\nContent-Disposition: form-data; name="acc"ount"; name=x\r\n\r\nx\r\n--${b}--\r\n`,
    ],
  ];
  const [variant, ct, body] = g.pick(variants);
  return { variant: `multipart:${variant}`, headers: [['content-type', ct]], body: typeof body === 'string' ? wtf8(body) : body };
}

function wrongContentType(g: Gen, target: Target): Body {
  const fields = plausibleFields(g);
  const json = wtf8(toJson(fields));
  const form = bytes(urlencoded(pairsOf(fields)));
  const [variant, ct, body]: [string, string | null, Bytes] = g.pick([
    ['text/plain', 'text/plain', json],
    ['xml', 'application/xml', bytes(`<login><account>${fields.account ?? 'x'}</account></login>`)],
    ['octet-stream', 'application/octet-stream', json],
    ['none', null, json],
    ['latin1', 'application/json; charset=latin1', json],
    ['semicolons', 'application/json;;;', json],
    ['upper', 'APPLICATION/JSON', json],
    ['jsonx', 'application/jsonx', json],
    ['form-with-json', 'application/x-www-form-urlencoded', json],
    ['json-with-form', 'application/json', form],
    ['multipart-with-json', 'multipart/form-data; boundary=x', json],
    ['png', 'image/png', Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
    ['star', '*/*', json],
    ['merge-patch', 'application/merge-patch+json', json],
    ['html', 'text/html', bytes('<form><input name=account value=x></form>')],
    ['list', 'application/json, text/plain', json],
    ['garbage', g.draw(fc.string({ maxLength: 40, unit: 'grapheme-ascii' })), target.surface === 'form' ? form : json],
    ['param-only', '; charset=utf-8', json],
  ]);
  return { variant: `ctype:${variant}`, headers: ct === null ? [] : [['content-type', ct]], body };
}

function oversized(g: Gen, target: Target): Body {
  const size = g.weighted<number>([
    [6, BODY_LIMIT + g.int(1, 100)],
    [2, BODY_LIMIT],
    [1, BODY_LIMIT * 2 + g.int(0, 1000)],
    [1, 1024 * 1024],
  ]);
  const encoding = pickEncoding(g, target);
  const fieldOf = (overhead: number) => 'a'.repeat(Math.max(0, size - overhead));
  if (encoding === 'json') {
    const head = '{"account":"fz-big","password":"';
    const body = bytes(`${head}${fieldOf(head.length + 2)}"}`);
    return { variant: `oversized:json:${size}`, headers: [['content-type', 'application/json']], body };
  }
  if (encoding === 'urlencoded') {
    const head = 'account=fz-big&password=';
    return {
      variant: `oversized:urlencoded:${size}`,
      headers: [['content-type', 'application/x-www-form-urlencoded']],
      body: bytes(head + fieldOf(head.length)),
    };
  }
  const b = boundaryOf(g);
  const overhead = multipart([['password', '']], b).length;
  return {
    variant: `oversized:multipart:${size}`,
    headers: [['content-type', `multipart/form-data; boundary=${b}`]],
    body: multipart([['password', fieldOf(overhead)]], b),
  };
}

function chunked(g: Gen, target: Target): Body & { chunk: number } {
  const what = g.pick(['small-valid', 'over-limit', 'invalid-json', 'multipart', 'empty', 'one-byte-chunks']);
  let body: Body;
  if (what === 'over-limit') {
    const text = `{"account":"fz-big","password":"${'a'.repeat(BODY_LIMIT + g.int(1, 20_000))}"}`;
    body = { variant: 'x', headers: [['content-type', 'application/json']], body: bytes(text) };
  } else if (what === 'invalid-json') body = invalidJson(g);
  else if (what === 'multipart') body = encodeFields(g, plausibleFields(g), 'multipart');
  else if (what === 'empty')
    body = { variant: 'x', headers: [['content-type', g.pick(['application/json', 'multipart/form-data'])]], body: new Uint8Array(0) };
  else body = encodeFields(g, plausibleFields(g), pickEncoding(g, target));
  const chunk = what === 'one-byte-chunks' ? 1 : what === 'over-limit' ? g.pick([4096, 16_384, 65_536]) : g.int(1, 64);
  return { ...body, variant: `chunked:${what}`, chunk };
}

// ---------------------------------------------------------------------------------------------
// Query strings, cookies, paths, methods

function hostileQuery(g: Gen): { variant: string; query: string } {
  const deep = (n: number) => `a${'[a]'.repeat(n)}=1`;
  const options: [string, () => string][] = [
    ['array-params', () => 'requiredLogin[]=1&requiredLogin[a]=2&type[]=order/guzhu'],
    ['deep', () => deep(g.pick([17, 100, 1000, 2500]))],
    ['proto', () => '__proto__[polluted]=1&constructor[prototype][polluted]=1&requiredLogin=1'],
    ['proto-deep', () => 'a[__proto__][b]=1&a[constructor][prototype][c]=1&type[__proto__]=x'],
    ['nul', () => `requiredLogin=1%00&type=order%00/guzhu&signature=%00`],
    ['bad-pct', () => g.pick(['type=%zz', 'requiredLogin=%', 'a=%E0%A4%A', 'signature=%ED%A0%80', '%zz=1', 'type=%C0%AF'])],
    ['many', () => Array.from({ length: 500 }, (_, i) => `p${i}=${i}`).join('&')],
    ['dups', () => 'requiredLogin=0&requiredLogin=1&requiredLogin=x&type=a&type=order/guzhu'],
    ['empty-bits', () => g.pick(['&&&', '=&=&=', '=', '&=x', '[]=1', '[=1', ']=1', 'a[=1', 'a]=1'])],
    ['numbers', () => `requiredLogin=${pct(g.pick(NUMERIC_TOKENS))}&page=${pct(g.pick(NUMERIC_TOKENS))}&limit=-1`],
    [
      'signature',
      () => `signature=${pct(g.pick([fitEncoded(longString(g, 4000), 4000), injectionString(g), controlString(g), 'a.b.c', '..', '.']))}`,
    ],
    [
      'type-traversal',
      () => `type=${pct(g.pick(['../../etc/passwd', 'order/guzhu/../../x', '*', 'order/*', '%', '__proto__', 'constructor/export']))}`,
    ],
    [
      'login-page',
      () =>
        `to=${pct(g.pick(['//evil.example', 'javascript:alert(1)', '/\\evil.example', 'https://evil.example', '/user%0d%0a']))}&error=${pct(injectionString(g))}&account=${pct(controlString(g))}`,
    ],
    ['long', () => `account=${pct(fitEncoded(longString(g, HEAD_BUDGET), HEAD_BUDGET))}`],
    ['injection', () => `type=${pct(injectionString(g))}&requiredLogin=${pct(injectionString(g))}&signature=${pct(injectionString(g))}`],
  ];
  const [variant, make] = g.pick(options);
  return { variant: `query:${variant}`, query: make() };
}

function hostileCookiesAndHeaders(g: Gen): { variant: string; cookies: string[]; headers: [string, string][] } {
  const token = () =>
    g.pick([
      'x',
      '',
      '%zz',
      '"quoted"',
      'a'.repeat(4000),
      g.draw(fc.stringMatching(/^[0-9a-f]{64}$/)),
      g.draw(fc.string({ maxLength: 80, unit: 'grapheme-ascii' })).replace(/[;,\s]/g, ''),
      '../../etc/passwd',
      'null',
      'undefined',
      '%00',
    ]);
  const options: [string, () => { cookies: string[]; headers: [string, string][] }][] = [
    ['token-cookie', () => ({ cookies: [`ba-user-token=${token()}`], headers: [] })],
    ['token-dup', () => ({ cookies: [`ba-user-token=${token()}`, `ba-user-token=${token()}`], headers: [] })],
    ['signature-cookie', () => ({ cookies: [`ba-user-signature=${token()}`], headers: [] })],
    ['refresh-cookie', () => ({ cookies: [`ba-user-refresh=${token()}`], headers: [] })],
    [
      'lang',
      () => ({
        cookies: [`ba-lang=${g.pick(['xx', '../../etc', 'en;', '%00', '__proto__', 'constructor', 'zh-cn%zz', 'EN-us', '*'])}`],
        headers: [],
      }),
    ],
    [
      'theme-tz',
      () => ({
        cookies: [
          `ba-theme=${pct('<script>')}`,
          `ba-tz=${g.pick(['Not/AZone', '../../etc/localtime', 'UTC%00', 'x'.repeat(3000), '+99:00', 'Etc/GMT+99'])}`,
        ],
        headers: [],
      }),
    ],
    [
      'junk-cookie',
      () => ({
        cookies: [
          g.pick(['novalue', '=x', ';;;', 'a=b=c', `${'c'.repeat(3000)}=1`]),
          ...Array.from({ length: g.int(0, 200) }, (_, i) => `k${i}=v`),
        ],
        headers: [],
      }),
    ],
    ['token-header', () => ({ cookies: [], headers: [['ba-user-token', token() || 'x']] })],
    ['signature-header', () => ({ cookies: [], headers: [['ba-user-signature', token() || 'x']] })],
    [
      'lang-headers',
      () => ({
        cookies: [],
        headers: [
          ['think-lang', g.pick(['xx', '__proto__', '../..', 'en'.repeat(2000)])],
          ['accept-language', g.pick(['en;q=NaN, zh;q=-1', '*;q=1e999', `${'en-US,'.repeat(800)}en`, ';;;,,,', 'zh-CN;q=0.9, en;q=1'])],
        ],
      }),
    ],
    [
      'misc-headers',
      () => ({
        cookies: [],
        headers: [
          ['x-forwarded-for', g.pick(['999.999.999.999', '::ffff:garbage', `${'1.1.1.1,'.repeat(500)}1.1.1.1`, "'; DROP TABLE token; --"])],
          ['x-forwarded-proto', g.pick(['https', 'gopher', 'https, http'])],
          ['user-agent', g.pick(['x'.repeat(8000), injectionString(g).replace(/[\r\n]/g, ' '), ''])],
          ['server', g.pick(['true', 'false', '1e999'])],
          ['equipment', g.pick(['pc', 'mobile', '__proto__', ''])],
          ['sec-fetch-site', g.pick(['cross-site', 'same-origin', 'none', 'garbage'])],
        ],
      }),
    ],
  ];
  const [variant, make] = g.pick(options);
  return { variant: `cookies:${variant}`, ...make() };
}

function hostilePath(g: Gen, path: string): { variant: string; path: string } {
  const options: [string, () => string][] = [
    ['nul-segment', () => `${path}/%00`],
    ['nul-suffix', () => `${path}%00`],
    ['nul-middle', () => path.replace(/\/([^/]*)$/, '/%00$1')],
    ['bad-pct', () => `${path}/${g.pick(['%zz', '%', '%E0%A4%A', '%C0%AF', '%ED%A0%80', '%FF'])}`],
    ['crlf', () => `${path}%0d%0aSet-Cookie:%20x=1`],
    ['controls', () => `${path}/${g.pick(['%01', '%09', '%1b', '%7f', '%C2%85'])}`],
    ['dotdot-encoded', () => `${path}/${g.pick(['..%2f..%2fetc%2fpasswd', '%2e%2e/%2e%2e/etc/passwd', '..%5c..%5cwindows', '%2e%2e%2f'])}`],
    ['dotdot-raw', () => `${path}/../../${g.pick(['etc/passwd', 'package.json', 'data/portal.db'])}`],
    ['trailing', () => `${path}/`],
    ['double-slash', () => path.replace(/\/([^/]*)$/, '//$1')],
    ['matrix', () => `${path};jsessionid=1`],
    ['ext', () => `${path}.json`],
    ['upper', () => path.toUpperCase()],
    // `/a/b` → `/a%2Fb`; a one-segment path keeps its leading slash: `/x` → `/%2Fx`.
    ['encoded-slash', () => path.replace(/(.)\/([^/]*)$/, '$1%2F$2').replace(/^\/([^/]*)$/, '/%2F$1')],
    ['unicode', () => `${path}/${pct(g.pick(['é', '中文', '😀', '\u202e', '\ufeff']))}`],
    ['long-segment', () => `${path}/${'s'.repeat(g.int(1000, 8000))}`],
    ['many-segments', () => `${path}/${'a/'.repeat(g.int(100, 3000))}`],
    ['unknown-sibling', () => `${path.replace(/\/[^/]*$/, '')}/${g.draw(fc.stringMatching(/^[a-zA-Z0-9]{1,12}$/))}`],
    ['injection', () => `${path}/${pct(injectionString(g))}`],
  ];
  const [variant, make] = g.pick(options);
  return { variant: `path:${variant}`, path: make() };
}

/**
 * Methods to send. Made-up ones (`FOO`) are left out: Bun's fetch sends them as GET and Bun's
 * HTTP parser drops the connection on them before the app runs.
 */
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD', 'PROPFIND', 'TRACE', 'PURGE', 'QUERY'];
const BODYLESS = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);

// ---------------------------------------------------------------------------------------------
// Drafts

const isWrite = (method: string) => !BODYLESS.has(method);

const HOSTILE_ORIGINS = ['null', 'http://evil.example', 'garbage', 'http://127.0.0.1', 'file://', 'https://evil.example:443'];

function originFor(g: Gen): Pick<Draft, 'origin' | 'hostileOrigin'> {
  const origin = g.weighted<OriginMode>([
    [85, 'same'],
    [8, 'none'],
    [7, 'hostile'],
  ]);
  return origin === 'hostile' ? { origin, hostileOrigin: g.pick(HOSTILE_ORIGINS) } : { origin };
}

/** Field kinds: GET routes get the fields in the query string, writes in a body. */
const FIELD_KINDS: Partial<Record<Kind, (g: Gen, queryOnly: boolean) => Record<string, Value>>> = {
  plausible: (g) => plausibleFields(g),
  wrongTypes: (g) => fieldsWith(g, () => wrongTypeValue(g)),
  numbers: (g) => fieldsWith(g, () => numberValue(g)),
  longStrings: (g, queryOnly) => {
    const fields = plausibleFields(g);
    const key = g.pick(Object.keys(fields).concat(['account', 'password', 'signature']));
    fields[key] = queryOnly ? fitEncoded(longString(g, HEAD_BUDGET), HEAD_BUDGET - 1000) : longString(g, 60 * 1024);
    return fields;
  },
  controlChars: (g) => fieldsWith(g, () => controlString(g)),
  injection: (g) => fieldsWith(g, () => injectionString(g)),
};

/** Body kinds: GET routes get the body by a write method (the API reads bodies before routing). */
function bodyKind(kind: Kind, g: Gen, target: Target): (Body & { chunk?: number }) | null {
  switch (kind) {
    case 'deepJson':
      return deepJson(g);
    case 'invalidJson':
      return invalidJson(g);
    case 'invalidUtf8':
      return invalidUtf8(g, target);
    case 'dupProto':
      return dupProto(g, target, pickEncoding(g, target));
    case 'brokenMultipart':
      return brokenMultipart(g);
    case 'wrongContentType':
      return wrongContentType(g, target);
    case 'oversized':
      return oversized(g, target);
    case 'chunked':
      return chunked(g, target);
    default:
      return null;
  }
}

/** One hostile request draft for `kind` against `target`, fully determined by `seed`. */
export function draftRequest(kind: Kind, target: Target, seed: number): Draft {
  const g = new Gen(seed);
  const base = { kind, headers: [] as [string, string][], cookies: [] as string[] };
  const targetWrites = isWrite(target.method);

  const fieldMaker = FIELD_KINDS[kind];
  if (fieldMaker) {
    // A GET route mostly gets its fields in the query; sometimes a body by POST all the same.
    const asQuery = !targetWrites && g.bool(0.75);
    const fields = fieldMaker(g, asQuery);
    if (asQuery) {
      return {
        ...base,
        variant: `${kind}:query`,
        method: target.method,
        path: `${target.path}?${urlencoded(pairsOf(fields))}`,
        origin: 'same',
      };
    }
    const body = encodeFields(g, fields, pickEncoding(g, target));
    return {
      ...base,
      variant: `${kind}:${body.variant}`,
      method: targetWrites ? target.method : 'POST',
      path: target.path,
      headers: body.headers,
      body: body.body,
      ...originFor(g),
    };
  }

  const body = bodyKind(kind, g, target);
  if (body) {
    const method = targetWrites ? target.method : g.pick(['POST', 'PUT', 'PATCH', 'DELETE']);
    return {
      ...base,
      variant: body.variant,
      method,
      path: target.path,
      headers: body.headers,
      body: body.body,
      streamChunk: body.chunk,
      ...originFor(g),
    };
  }

  const withBody = (fields: Record<string, Value>) => {
    const b = encodeFields(g, fields, pickEncoding(g, target));
    return { headers: b.headers, body: b.body };
  };

  switch (kind) {
    case 'hostileQuery': {
      const q = hostileQuery(g);
      const extra = targetWrites ? withBody(plausibleFields(g)) : { headers: [] as [string, string][] };
      return { ...base, ...extra, variant: q.variant, method: target.method, path: `${target.path}?${q.query}`, ...originFor(g) };
    }
    case 'hostileCookies': {
      const c = hostileCookiesAndHeaders(g);
      const extra = targetWrites ? withBody(plausibleFields(g)) : { headers: [] as [string, string][] };
      const query = targetWrites ? '' : `?requiredLogin=${g.pick([0, 1])}`;
      return {
        ...base,
        variant: c.variant,
        method: target.method,
        path: target.path + query,
        headers: [...extra.headers, ...c.headers],
        body: 'body' in extra ? extra.body : undefined,
        cookies: c.cookies,
        ...originFor(g),
      };
    }
    case 'hostilePath': {
      const p = hostilePath(g, target.path);
      const extra = targetWrites ? withBody(plausibleFields(g)) : { headers: [] as [string, string][] };
      return { ...base, ...extra, variant: p.variant, method: target.method, path: p.path, ...originFor(g) };
    }
    case 'wrongMethod': {
      const method = g.pick(METHODS.filter((m) => m !== target.method));
      const extra = isWrite(method) && g.bool(0.7) ? withBody(plausibleFields(g)) : { headers: [] as [string, string][] };
      return { ...base, ...extra, variant: `method:${method}`, method, path: target.path, ...originFor(g) };
    }
    default:
      throw new Error(`unknown kind ${kind}`);
  }
}

/** A short, printable preview of a body (first bytes as text, with its size and whether it is UTF-8). */
export function previewBody(body: Uint8Array | undefined, max = 300): string {
  if (!body) return '(none)';
  let valid = true;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    valid = false;
  }
  const text = new TextDecoder().decode(body.subarray(0, max));
  return `${body.length} bytes${valid ? '' : ' (not UTF-8)'}: ${JSON.stringify(text)}${body.length > max ? '…' : ''}`;
}
