/**
 * Test fixture for the HTTP helper: a real local server on loopback with one route per outcome,
 * and hooks that reset the toasts, tokens, the page-load seam, page language and location between tests.
 * Call `setupTestServer()` at the top level of each test file: hooks registered by a module's own
 * top level would run for the first importing file only.
 */
import { afterAll, afterEach, beforeAll, beforeEach, spyOn } from 'bun:test';
import { notifyState, resetNotify } from '~/lib/notify';
import { documentLoad } from '~/lib/navigation/bindings';
import { tokenStore } from '~/lib/http/tokens';

/** One request as the server received it. */
export interface Hit {
  method: string;
  path: string;
  search: string;
  headers: Headers;
  body: string;
}

/** Requests received since the current test started. */
export const hits: Hit[] = [];
/** Full navigations the helper asked for since the current test started. */
export const navigations: string[] = [];
/** `http://127.0.0.1:<port>` of the running server (set in beforeAll). */
export let base = '';

const envelope = (code: number, message = '', data: unknown = null) => JSON.stringify({ code, message, data, time: 1 });
const json = (body: string, status = 200) => new Response(body, { status, headers: { 'content-type': 'application/json' } });

async function answer(req: Request): Promise<Response> {
  const u = new URL(req.url);
  hits.push({ method: req.method, path: u.pathname, search: u.search, headers: req.headers, body: await req.text() });
  const p = u.pathname;
  if (p === '/ok') return json(envelope(200001, 'Saved', { echo: true }));
  if (p === '/ok-silent') return json(envelope(200001, '', { n: 1 }));
  if (p === '/never') return new Promise<Response>((resolve) => pendingForever.push(() => resolve(new Response('late'))));
  if (p === '/slow') return new Promise<Response>((r) => setTimeout(() => r(json(envelope(200001, '', u.search))), 150));
  if (p.startsWith('/status/')) {
    const status = Number(p.slice('/status/'.length));
    return new Response('x', { status });
  }
  if (p === '/503-then-ok') {
    const n = hits.filter((h) => h.path === p).length;
    return n === 1 ? new Response('busy', { status: 503 }) : json(envelope(200001, '', { attempt: n }));
  }
  if (p === '/code') return json(envelope(400001, 'Mobile number is wrong'));
  if (p === '/code-no-message') return json(envelope(0, ''));
  if (p === '/need-login') return json(envelope(401001, 'Please login first'), 401);
  if (p === '/expired') return json(envelope(401200, 'Login expired'), 401);
  if (p === '/need-login-type') return json(envelope(0, 'x', { type: 'need login' }));
  if (p === '/validation') return json(envelope(400001, 'Please enter the correct mobile number', { field: 'mobile' }), 400);
  if (p === '/forbidden') return json(envelope(403001, 'Not for your group'), 403);
  if (p === '/conflict') return json(envelope(409001, 'Mobile already used'), 409);
  if (p === '/server-error-envelope') return json(envelope(500001, 'boom'), 500);
  if (p === '/not-envelope') return json('{"id":"abc"}');
  return new Response('nope', { status: 404 });
}

let server: ReturnType<typeof Bun.serve> | undefined;
let assign: { mockRestore(): void } | undefined;
const pendingForever: Array<() => void> = [];

/** Starts the server for the calling test file and resets the shared state around each test. */
export function setupTestServer(): void {
  const origOnLine = Object.getOwnPropertyDescriptor(navigator, 'onLine');

  beforeAll(() => {
    server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: answer });
    base = `http://127.0.0.1:${server.port}`;
  });

  afterAll(() => {
    for (const f of pendingForever.splice(0)) f();
    server?.stop(true);
    server = undefined;
  });

  beforeEach(() => {
    hits.length = 0;
    navigations.length = 0;
    resetNotify();
    tokenStore.clear();
    assign = spyOn(documentLoad, 'assign').mockImplementation((u) => {
      navigations.push(u);
    });
    document.documentElement.lang = 'en';
    history.replaceState(null, '', '/user/order/guzhu?page=2');
  });

  afterEach(() => {
    assign?.mockRestore();
    if (origOnLine) Object.defineProperty(navigator, 'onLine', origOnLine);
  });
}

/** The toasts shown so far, as `{type, message}`. */
export const toasts = () => notifyState.toasts.map((t) => ({ type: t.type, message: t.message }));

/** The rejection of `p`; throws when `p` resolves. */
export const fail = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    return e as Error;
  }
  throw new Error('expected a rejection');
};
