/**
 * A JSON client of the API for tests: `createApi()` over one database, driven with `app.request()`
 * (real routing, pipeline and handlers; no server). `get`/`post` take a token and a language.
 */
import type { Envelope } from '~/features/_shared/envelope';
import { createApi } from '~/server/api';
import type { Db } from '~/server/db/client';

const ORIGIN = 'http://localhost';

// biome-ignore lint/suspicious/noExplicitAny: replies are read field by field
export type Reply = { status: number; body: Envelope<any>; headers: Headers; bytes?: Uint8Array };

/** What a test sends with one API request; `headers` adds to the usual ones (e.g. a client IP). */
export interface ApiRequest {
  token?: string;
  body?: unknown;
  lang?: string;
  headers?: Record<string, string>;
}

/**
 * One request to `/userapi/v1/<path>` through `app.request()` with the headers every test sends:
 * the language, the same origin, the member's token and a JSON body when there are.
 */
export function requestApi(app: ReturnType<typeof createApi>, method: 'GET' | 'POST', path: string, r: ApiRequest = {}) {
  const headers: Record<string, string> = { 'think-lang': r.lang ?? 'en', origin: ORIGIN, ...r.headers };
  if (r.token) headers['ba-user-token'] = r.token;
  if (r.body !== undefined) headers['content-type'] = 'application/json';
  return app.request(`${ORIGIN}/userapi/v1/${path}`, {
    method,
    headers,
    body: r.body === undefined ? undefined : JSON.stringify(r.body),
  });
}

/** A JSON client of the API over one database. */
export function apiClient(db: Db) {
  const app = createApi({ getDb: () => db });
  async function call(method: 'GET' | 'POST', path: string, token?: string, body?: unknown, lang = 'en'): Promise<Reply> {
    const res = await requestApi(app, method, path, { token, body, lang });
    const type = res.headers.get('content-type') ?? '';
    if (type.includes('json')) return { status: res.status, body: await res.json(), headers: res.headers };
    const bytes = new Uint8Array(await res.arrayBuffer());
    return { status: res.status, body: { code: 0, message: '', data: null, time: 0 }, headers: res.headers, bytes };
  }
  return {
    call,
    get: (path: string, token?: string, lang?: string) => call('GET', path, token, undefined, lang),
    post: (path: string, token: string | undefined, body: unknown, lang?: string) => call('POST', path, token, body, lang),
    async login(account: string, password: string): Promise<string> {
      const r = await call('POST', 'user/login', undefined, { account, password });
      return r.body.data.userInfo.token;
    },
  };
}
