/**
 * Hostile input never reaches a 5xx (issue 19, part 4).
 *
 * For each engine the BUILT portal runs as a real process (tests/support/server.ts) and gets a
 * seeded mix of hostile requests (tests/fuzz/hostile.ts) on every route the API router has
 * registered and every HTML form endpoint (FORM_ROUTES): a route added later is fuzzed without
 * editing this file. Requests go out anonymous, as the demo member by cookie and as the demo
 * member by the `ba-user-token` header.
 *
 * Asserted for every answer: no status >= 500; under /userapi/v1 the JSON envelope
 * (application/json, {code: number, message: string, data, time: number}); none slower than 2 s
 * (a slow one is sent again alone and fails only if it is slow again: the machine may be busy).
 * Afterwards GET / is 200 and demo still logs in. The server runs with TRUST_PROXY=1 so that
 * the demo session can come from its own address (DEMO_IP): the fuzzed logins from 127.0.0.1
 * run into the per-IP login limit, as they should. If the server process dies, the requests
 * in flight and its last output are printed.
 *
 * The run is fixed by its seed: first every (route, kind) pair once, identities rotating, then
 * seeded random picks up to FUZZ_RUNS requests per engine (default DEFAULT_RUNS).
 *   FUZZ_SEED=123 bun test tests/fuzz          another seed (a failure prints its seed)
 *   FUZZ_RUNS=100000 bun test tests/fuzz       a longer run
 *   FUZZ_ONLY=17,250 FUZZ_SEED=… bun test tests/fuzz   send only these request numbers again
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createApi } from '../../src/server/api';
import { FORM_ROUTES } from '../../src/server/http/form-routes';
import { type PortalDatabase, type PortalServer, portalDatabase, startPortal, tokenFromSetCookie } from '../support/server';
import { type Engine, engines } from '../support/test-db';
import {
  type Bytes,
  type Draft,
  draftRequest,
  IDENTITIES,
  type Identity,
  KINDS,
  type Kind,
  mixSeed,
  previewBody,
  type Target,
} from './hostile';

const DEFAULT_SEED = 20_260_419;
const DEFAULT_RUNS = 1500;
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) | 0 : DEFAULT_SEED;
const ONLY = process.env.FUZZ_ONLY ? new Set(process.env.FUZZ_ONLY.split(',').map(Number)) : null;
const SLOW_MS = 2000;
const CONCURRENCY = 4;
const API_PREFIX = '/userapi/v1';

/** The routes to fuzz, read from the router and the form list (never listed here by hand). */
export function fuzzTargets(): Target[] {
  const seen = new Set<string>();
  const targets: Target[] = [];
  for (const r of createApi().routes) {
    if (r.method === 'ALL' && r.path.endsWith('*')) continue; // middleware, not a route
    const key = `${r.method} ${r.path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    targets.push({ surface: 'api', method: r.method === 'ALL' ? 'POST' : r.method, path: r.path });
  }
  for (const path of FORM_ROUTES) targets.push({ surface: 'form', method: 'POST', path });
  return targets;
}

interface Planned {
  index: number;
  target: Target;
  kind: Kind;
  identity: Identity;
  draft: Draft;
}

/** Request `index` of the run: the systematic part first, then seeded random picks. */
function plan(index: number, targets: Target[]): Planned {
  const systematic = targets.length * KINDS.length;
  let t: number;
  let k: number;
  let i: number;
  if (index < systematic) {
    t = Math.floor(index / KINDS.length);
    k = index % KINDS.length;
    i = (t + k) % IDENTITIES.length; // each route meets every identity, each kind too
  } else {
    const s = mixSeed(SEED, index) >>> 0;
    t = s % targets.length;
    k = Math.floor(s / targets.length) % KINDS.length;
    i = Math.floor(s / targets.length / KINDS.length) % IDENTITIES.length;
  }
  const target = targets[t];
  const kind = KINDS[k];
  return { index, target, kind, identity: IDENTITIES[i], draft: draftRequest(kind, target, mixSeed(SEED ^ 0x5eed, index)) };
}

/** Header values must be ByteStrings without CR/LF/NUL: anything else becomes `?` (fetch would refuse it). */
const headerSafe = (v: string) => v.replace(/[^\t\x20-\x7e\x80-\xff]/g, '?');

interface Sent {
  method: string;
  url: string;
  headers: [string, string][];
  body?: Bytes;
  streamed: boolean;
}

function materialize(p: Planned, baseUrl: string, token: string): Sent {
  const { draft } = p;
  const headers: [string, string][] = draft.headers.map(([k, v]) => [k, headerSafe(v)]);
  const cookies = [...draft.cookies];
  if (p.identity === 'cookie') cookies.unshift(`ba-user-token=${token}`);
  if (p.identity === 'header') headers.push(['ba-user-token', token]);
  if (cookies.length) headers.push(['cookie', headerSafe(cookies.join('; '))]);
  const writes = !['GET', 'HEAD', 'OPTIONS', 'TRACE'].includes(draft.method);
  if (writes && draft.origin === 'same') headers.push(['origin', baseUrl]);
  if (writes && draft.origin === 'hostile' && draft.hostileOrigin) headers.push(['origin', draft.hostileOrigin]);
  const canHaveBody = writes;
  return {
    method: draft.method,
    url: baseUrl + (draft.path.startsWith('/') ? draft.path : `/${draft.path}`),
    headers,
    body: canHaveBody ? draft.body : undefined,
    streamed: canHaveBody && draft.streamChunk !== undefined && draft.body !== undefined,
  };
}

function streamOf(body: Bytes, chunk: number): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= body.length) {
        controller.close();
        return;
      }
      controller.enqueue(body.slice(at, at + chunk));
      at += chunk;
    },
  });
}

interface Outcome {
  status: number;
  ms: number;
  contentType: string;
  /** The Location header of a redirect, if any. */
  location: string;
  text: string;
  error?: string;
}

async function send(s: Sent, chunk: number | undefined): Promise<Outcome> {
  const started = performance.now();
  try {
    const res = await fetch(s.url, {
      method: s.method,
      headers: s.headers,
      body: s.body ? (s.streamed ? streamOf(s.body, chunk ?? 1024) : s.body) : undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout(15_000),
    });
    const text = await res.text();
    return {
      status: res.status,
      ms: performance.now() - started,
      contentType: res.headers.get('content-type') ?? '',
      location: res.headers.get('location') ?? '',
      text,
    };
  } catch (err) {
    return {
      status: 0,
      ms: performance.now() - started,
      contentType: '',
      location: '',
      text: '',
      error: err instanceof Error ? `${err.name}: ${err.message}` : String(err),
    };
  }
}

/** The path a sent URL goes to (as fetch normalizes it: `..` folded, still percent-encoded); never throws. */
function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url.replace(/^https?:\/\/[^/?#]*/, '').replace(/[?#].*$/, '') || '/';
  }
}

/** Content types an API route may answer a successful download with. */
const FILE_TYPES = /^(text\/csv|application\/pdf|image\/(png|jpeg|webp|gif)|application\/octet-stream|application\/vnd\.openxmlformats)/;

/** What is wrong with an answer, or null. */
function problemOf(p: Planned, s: Sent, o: Outcome): string | null {
  if (o.error) return `no answer (${o.error})`;
  if (o.status >= 500) return `status ${o.status}`;
  if (o.ms > SLOW_MS) return `slow: ${Math.round(o.ms)} ms`;
  const path = pathOf(s.url);
  if (path === API_PREFIX || path.startsWith(`${API_PREFIX}/`)) {
    // A download (CSV, PDF, image, spreadsheet) answers with the file itself, and a no-JS form
    // post may answer with a same-site redirect; every other answer, errors included, is the envelope.
    if (o.status >= 200 && o.status < 300 && FILE_TYPES.test(o.contentType)) return null;
    if (o.status >= 300 && o.status < 400 && o.location.startsWith('/')) return null;
    if (!o.contentType.startsWith('application/json'))
      return `not the envelope: content-type ${JSON.stringify(o.contentType)} (status ${o.status})`;
    // No body to check: HEAD answers have none, and Bun's fetch drops the body of TRACE answers
    // (curl shows the server sends the envelope).
    if (p.draft.method === 'HEAD' || p.draft.method === 'TRACE') return null;
    let body: unknown;
    try {
      body = JSON.parse(o.text);
    } catch {
      return `not the envelope: body is not JSON (status ${o.status})`;
    }
    const b = body as Record<string, unknown>;
    if (typeof b !== 'object' || b === null || Array.isArray(b)) return `not the envelope: ${o.text.slice(0, 80)}`;
    if (typeof b.code !== 'number' || typeof b.message !== 'string' || typeof b.time !== 'number' || !('data' in b)) {
      return `not the envelope (status ${o.status}): ${o.text.slice(0, 120)}`;
    }
    return codeProblem(o.status, b.code, b.message);
  }
  return null;
}

/**
 * The code ↔ status table (README, API conventions): success is 200001; a refusal's code carries
 * its status (400 → 400001, 403 → 403001…403004, 404 → 404001, 429 → 429001, …); no message
 * keeps an unfilled `{placeholder}`.
 */
export function codeProblem(status: number, code: number, message: string): string | null {
  if (status >= 200 && status < 300 && code !== 200001) return `status ${status} with code ${code}`;
  if (status >= 400 && Math.floor(code / 1000) !== status) return `status ${status} with code ${code}`;
  if (/\{\w+\}/.test(message)) return `unfilled placeholder in ${JSON.stringify(message.slice(0, 120))}`;
  return null;
}

interface Failure {
  index: number;
  kind: Kind;
  variant: string;
  identity: Identity;
  target: string;
  problem: string;
  request: Sent;
  chunk?: number;
  response: string;
}

function describeFailure(f: Failure, seed: number): string {
  const r = f.request;
  const headers = r.headers.map(([k, v]) => `    ${k}: ${v.length > 200 ? `${v.slice(0, 200)}… (${v.length} chars)` : v}`).join('\n');
  return [
    `#${f.index} ${f.problem} — ${f.kind} / ${f.variant} as ${f.identity} on ${f.target}`,
    `  replay: FUZZ_SEED=${seed} FUZZ_ONLY=${f.index} bun test tests/fuzz`,
    `  ${r.method} ${r.url.length > 300 ? `${r.url.slice(0, 300)}… (${r.url.length} chars)` : r.url}`,
    headers,
    `  body${r.streamed ? ` (streamed in ${f.chunk}-byte chunks, no content-length)` : ''}: ${previewBody(r.body)}`,
    `  answer: ${f.response}`,
  ].join('\n');
}

/**
 * The address the demo session's own requests come from (X-Forwarded-For; the fuzz server runs
 * with TRUST_PROXY=1). The fuzzed requests come from 127.0.0.1 (or from whatever garbage they
 * put in X-Forwarded-For), and their failed logins soon reach the per-IP login limit there, as
 * they should; that must not lock out the session the fuzz itself needs.
 */
const DEMO_IP = '198.51.100.7';

/**
 * The demo member's token, re-issued when a fuzzed logout ends it. Logs in once with "keep me
 * logged in" and renews through the refresh token (no password hash, no login counted); the
 * fuzz never posts that refresh token, so a fuzzed logout leaves it alone.
 */
class DemoSession {
  token = '';
  logins = 0;
  refreshes = 0;
  private refreshToken = '';
  private renewing: Promise<void> | null = null;
  constructor(private baseUrl: string) {}
  async login() {
    this.logins++;
    const res = await fetch(`${this.baseUrl}${API_PREFIX}/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: this.baseUrl, 'x-forwarded-for': DEMO_IP },
      body: JSON.stringify({ account: 'demo', password: 'Demo#2026', keep: true }),
    });
    const body = (await res.json()) as { code: number; data?: { userInfo?: { token?: string; refresh_token?: string } } };
    const token = tokenFromSetCookie(res.headers) ?? body.data?.userInfo?.token;
    if (body.code !== 200001 || !token) throw new Error(`demo login failed: ${res.status} ${JSON.stringify(body)}`);
    this.token = token;
    this.refreshToken = body.data?.userInfo?.refresh_token ?? '';
  }
  private async refresh(): Promise<boolean> {
    if (!this.refreshToken) return false;
    this.refreshes++;
    const res = await fetch(`${this.baseUrl}${API_PREFIX}/user/refreshToken`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: this.baseUrl, 'x-forwarded-for': DEMO_IP },
      body: JSON.stringify({ refresh_token: this.refreshToken }),
    });
    const body = (await res.json()) as { code: number; data?: { token?: string } };
    if (body.code !== 200001 || !body.data?.token) return false;
    this.token = body.data.token;
    return true;
  }
  /** Checks the token (cheap: no password hash) and renews it if it no longer works. */
  renewIfEnded(): Promise<void> {
    this.renewing ??= (async () => {
      const res = await fetch(`${this.baseUrl}${API_PREFIX}/index/index?requiredLogin=1`, {
        headers: { 'ba-user-token': this.token, 'x-forwarded-for': DEMO_IP },
      });
      const body = (await res.json()) as { code: number };
      if (body.code !== 200001 && !(await this.refresh())) await this.login();
    })().finally(() => {
      this.renewing = null;
    });
    return this.renewing;
  }
}

/** Routes after which the demo session may be gone. */
const mayEndSession = (path: string) => /logout|revoke|refreshToken/i.test(path);

const targets = fuzzTargets();
const runs = Math.max(Number(process.env.FUZZ_RUNS) || DEFAULT_RUNS, targets.length * KINDS.length);

for (const engine of engines()) {
  describe(`API fuzz on ${engine.name}`, () => {
    let db: PortalDatabase;
    let server: PortalServer;

    beforeAll(async () => {
      db = await portalDatabase(engine as Engine);
      // TRUST_PROXY: the demo session's own requests come from DEMO_IP (see DemoSession).
      server = await startPortal({ dataDir: db.dataDir, databaseUrl: db.databaseUrl, env: { TRUST_PROXY: '1' } });
    }, 120_000);

    afterAll(async () => {
      await server?.stop();
      await db?.drop();
    }, 30_000);

    test(
      `${runs} seeded hostile requests (seed ${SEED}): no 5xx, the envelope under ${API_PREFIX}, none over ${SLOW_MS} ms`,
      async () => {
        const started = performance.now();
        const baseUrl = server.baseUrl;
        const session = new DemoSession(baseUrl);
        await session.login();
        const failures: Failure[] = [];
        const covered = new Set<string>();
        const pairs = new Set<string>();
        let sent = 0;
        let slowest = { ms: 0, what: '' };
        const statuses = new Map<number, number>();

        let next = 0;
        const indices = ONLY ? [...ONLY].sort((a, b) => a - b) : null;
        let died = false;
        const take = () => (died ? undefined : indices ? indices.shift() : next < runs ? next++ : undefined);
        const inFlight = new Map<number, { p: Planned; s: Sent }>();

        const worker = async () => {
          for (let index = take(); index !== undefined; index = take()) {
            const p = plan(index, targets);
            const s = materialize(p, baseUrl, session.token);
            inFlight.set(index, { p, s });
            const o = await send(s, p.draft.streamChunk);
            if (o.error && !server.alive() && !died) {
              // The server process is gone: the requests in flight are the suspects.
              died = true;
              for (const [i, x] of inFlight) {
                failures.push({
                  index: i,
                  kind: x.p.kind,
                  variant: x.p.draft.variant,
                  identity: x.p.identity,
                  target: `${x.p.target.method} ${x.p.target.path}`,
                  problem: 'the server process died with this request in flight',
                  request: x.s,
                  chunk: x.p.draft.streamChunk,
                  response: o.error,
                });
              }
            }
            inFlight.delete(index);
            if (died) break;
            sent++;
            covered.add(`${p.target.method} ${p.target.path}`);
            pairs.add(`${p.target.method} ${p.target.path} ${p.kind} ${p.identity}`);
            statuses.set(o.status, (statuses.get(o.status) ?? 0) + 1);
            if (o.ms > slowest.ms) slowest = { ms: o.ms, what: `#${index} ${s.method} ${s.url.slice(0, 100)} (${p.draft.variant})` };
            const problem = problemOf(p, s, o);
            if (problem) {
              failures.push({
                index,
                kind: p.kind,
                variant: p.draft.variant,
                identity: p.identity,
                target: `${p.target.method} ${p.target.path}`,
                problem,
                request: s,
                chunk: p.draft.streamChunk,
                response: o.error ?? `${o.status} ${o.contentType} ${JSON.stringify(o.text.slice(0, 200))}`,
              });
            }
            if (p.identity !== 'anonymous' && mayEndSession(pathOf(s.url))) await session.renewIfEnded();
          }
        };
        await Promise.all(Array.from({ length: CONCURRENCY }, worker));
        if (died) {
          const tail = server.log().split('\n').slice(-60).join('\n');
          console.error(`fuzz (${engine.name}): the server died (seed ${SEED}); its last output:\n${tail}`);
          console.error(failures.map((f) => describeFailure(f, SEED)).join('\n\n'));
          throw new Error(`the server process died during the fuzz run (seed ${SEED}, ${sent} requests answered)`);
        }

        // A slow answer is sent again alone, with nothing else in flight: a request that is slow
        // by itself is slow again (and stays a failure); one that only met a busy machine (other
        // requests hashing passwords, another test run) is reported but not failed.
        for (const f of failures.filter((x) => x.problem.startsWith('slow'))) {
          const p = plan(f.index, targets);
          const again = await send(materialize(p, baseUrl, session.token), p.draft.streamChunk);
          if (again.ms > SLOW_MS) f.problem += `, again ${Math.round(again.ms)} ms alone`;
          else {
            failures.splice(failures.indexOf(f), 1);
            console.warn(
              `fuzz: #${f.index} took ${f.problem.replace('slow: ', '')} under load but ${Math.round(again.ms)} ms alone (${f.target}, ${f.variant})`,
            );
          }
        }

        // The server is still healthy and the demo member still logs in.
        const home = await fetch(`${baseUrl}/`);
        await home.arrayBuffer();
        expect(home.status).toBe(200);
        expect(server.alive()).toBe(true);
        const logins = session.logins;
        await session.login(); // throws unless demo logs in
        expect(session.logins).toBe(logins + 1);

        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        const statusList = [...statuses.entries()]
          .sort((a, b) => a[0] - b[0])
          .map(([st, n]) => `${st}×${n}`)
          .join(' ');
        console.log(
          `fuzz: ${covered.size} routes covered, ${sent} requests sent (${engine.name}, seed ${SEED}, ${seconds} s; ` +
            `statuses ${statusList}; slowest ${Math.round(slowest.ms)} ms: ${slowest.what}; demo logins ${session.logins}, token refreshes ${session.refreshes})`,
        );
        if (!ONLY) {
          // Every route met every kind, and every identity.
          expect(covered.size).toBe(targets.length);
          for (const t of targets) {
            for (const k of KINDS) expect([...IDENTITIES].some((i) => pairs.has(`${t.method} ${t.path} ${k} ${i}`))).toBe(true);
          }
        }

        if (failures.length) {
          failures.sort((a, b) => a.index - b.index);
          const groups = new Map<string, Failure[]>();
          for (const f of failures) {
            const key = `${f.problem.replace(/\d+ ms/, 'N ms')} | ${f.target} | ${f.kind}`;
            groups.set(key, [...(groups.get(key) ?? []), f]);
          }
          const summary = [...groups.entries()].map(([key, fs]) => `  ${fs.length}× ${key} (first #${fs[0].index})`).join('\n');
          const examples = [...groups.values()].map((fs) => describeFailure(fs[0], SEED)).join('\n\n');
          const errors = server
            .log()
            .split('\n')
            .filter((l) => /unhandled|error/i.test(l))
            .slice(0, 20)
            .join('\n');
          console.error(
            `fuzz (${engine.name}): ${failures.length} of ${sent} requests failed (seed ${SEED})\n${summary}\n\nOne request of each group:\n${examples}\n\nServer log (errors):\n${errors}`,
          );
        }
        expect(
          failures.map((f) => `#${f.index} ${f.problem}: ${f.request.method} ${f.request.url.slice(0, 120)} (${f.kind}/${f.variant})`),
        ).toEqual([]);
      },
      Math.max(600_000, runs * 100),
    );

    test("convention probes: dates at and past the limits, huge pages, limit 0/1/100/101, someone else's ids; the code ↔ status table", async () => {
      const baseUrl = server.baseUrl;
      const login = async (account: string, password: string, ip: string) => {
        const res = await fetch(`${baseUrl}${API_PREFIX}/user/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: baseUrl, 'x-forwarded-for': ip },
          body: JSON.stringify({ account, password }),
        });
        const token = tokenFromSetCookie(res.headers);
        if (!token) throw new Error(`${account} login failed: ${res.status} ${await res.text()}`);
        return token;
      };
      const who = {
        demo: { token: await login('demo', 'Demo#2026', '198.51.100.21'), ip: '198.51.100.21' },
        manager: { token: await login('manager', 'Manager#2026', '198.51.100.22'), ip: '198.51.100.22' },
        operator: { token: await login('operator', 'Operator#2026', '198.51.100.23'), ip: '198.51.100.23' },
      };
      type Who = keyof typeof who;
      const call = async (as: Who, method: string, path: string, json?: unknown) => {
        const res = await fetch(`${baseUrl}${API_PREFIX}${path}`, {
          method,
          headers: {
            'ba-user-token': who[as].token,
            'x-forwarded-for': who[as].ip,
            origin: baseUrl,
            ...(json === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: json === undefined ? undefined : JSON.stringify(json),
          redirect: 'manual',
        });
        const type = res.headers.get('content-type') ?? '';
        const text = await res.text();
        // biome-ignore lint/suspicious/noExplicitAny: envelopes are read loosely
        const body: any = type.startsWith('application/json') ? JSON.parse(text) : null;
        return { status: res.status, type, body };
      };
      const problems: string[] = [];
      const check = (what: string, r: Awaited<ReturnType<typeof call>>) => {
        if (r.status >= 500) problems.push(`${what}: status ${r.status}`);
        else if (r.body) {
          const p = codeProblem(r.status, r.body.code, r.body.message);
          if (p) problems.push(`${what}: ${p}`);
        } else if (!(r.status < 300 && FILE_TYPES.test(r.type))) problems.push(`${what}: not the envelope (${r.status} ${r.type})`);
      };

      // Lists and date filters on every GET route, as the demo member and as the operator.
      const gets = targets.filter((t) => t.surface === 'api' && t.method === 'GET').map((t) => t.path.slice(API_PREFIX.length));
      const queries = [
        'start=1900-01-01&end=2999-12-31',
        'start=1899-12-31',
        'end=3000-01-01',
        'end=9999-12-31',
        'start=0000-00-00',
        'start=2026-02-29',
        'start=2999-12-31&end=1900-01-01',
        'page=99999999999999999999',
        'page=1e400',
        'page=0',
        'limit=0',
        'limit=1',
        'limit=100',
        'limit=101',
        'limit=99999999999999999999',
      ];
      for (const path of gets) {
        for (const q of queries) {
          for (const as of ['demo', 'operator'] as const) check(`${as} GET ${path}?${q}`, await call(as, 'GET', `${path}?${q}`));
        }
      }

      // Someone else's ids: demo's records, asked for by the manager (another company) on every route.
      const ids = new Set<number>();
      for (const list of [
        '/order/list?type=guzhu&limit=100',
        '/order/list?type=tuanyi&limit=100',
        '/claim/list?limit=100',
        '/endorse/list?limit=100',
        '/invoice/list?limit=100',
        '/seal/list',
        '/seal/file/list?limit=100',
        '/team/list?limit=100',
        '/account/topup',
      ]) {
        const r = await call('demo', 'GET', list);
        for (const row of r.body?.data?.list ?? []) if (Number.isInteger(row.id)) ids.add(row.id);
      }
      expect(ids.size).toBeGreaterThan(10);
      const sample = [...ids].slice(0, 12);
      const leaked: string[] = [];
      const ask = (t: Target, path: string, id: number) =>
        t.method === 'GET'
          ? call('manager', 'GET', `${path}?id=${id}&order_id=${id}&file_id=${id}`)
          : call('manager', t.method, path, { id, order_id: id, file_id: id });
      for (const t of targets.filter((x) => x.surface === 'api' && !mayEndSession(x.path))) {
        const path = t.path.slice(API_PREFIX.length);
        // A route that answers 2xx for an id that exists nowhere does not read `id` as a record
        // (lists, captcha ids, the area tree): only its codes are checked.
        const none = await ask(t, path, 2_147_483_000);
        check(`manager ${t.method} ${path} id=none`, none);
        const readsId = !(none.status >= 200 && none.status < 300);
        for (const id of sample) {
          const r = await ask(t, path, id);
          check(`manager ${t.method} ${path} id=${id}`, r);
          if (r.status === 404 && r.body && r.body.code !== 404001)
            problems.push(`manager ${t.method} ${path} id=${id}: 404 with ${r.body.code}`);
          if (readsId && r.status >= 200 && r.status < 300) leaked.push(`${t.method} ${path} id=${id}`);
        }
      }
      expect(problems).toEqual([]);
      expect(leaked).toEqual([]);
    }, 600_000);
  });
}
