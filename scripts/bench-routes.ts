/** What the bench measures, and as whom: the demo member's session and the routes. */
import { BenchError, DEMO, timeoutMs } from './bench-config';

/** The demo member's session: the API token and the `ba-user-token` cookie pair. */
export interface Session {
  token: string;
  cookie: string;
}

/** Logs in as the demo member; throws a BenchError saying why when that is not possible. */
export async function login(base: string): Promise<Session> {
  const url = `${base}/userapi/v1/user/login`;
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', origin: base },
      body: JSON.stringify({ ...DEMO, keep: false }),
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (e) {
    throw new BenchError(`login request failed: ${e instanceof Error ? e.message : String(e)}`);
  }
  const text = await res.text();
  let body: { code?: number; message?: string; data?: { userInfo?: { token?: string } } } | undefined;
  try {
    body = JSON.parse(text);
  } catch {
    /* reported below */
  }
  const snippet = text.length > 300 ? `${text.slice(0, 300)}…` : text;
  if (!body || typeof body !== 'object') {
    throw new BenchError(
      `login is not available: POST /userapi/v1/user/login answered HTTP ${res.status} with a non-JSON body: ${snippet}`,
    );
  }
  if (body.code !== 200001) {
    throw new BenchError(`login as demo failed: HTTP ${res.status}, code ${body.code}, message ${JSON.stringify(body.message)}`);
  }
  const token = body.data?.userInfo?.token;
  if (typeof token !== 'string' || token === '') {
    throw new BenchError(`login answered code 200001 but data.userInfo.token is missing: ${snippet}`);
  }
  const setCookie = res.headers.getSetCookie().map((c) => c.split(';')[0]!.trim());
  const cookie = setCookie.find((c) => c.startsWith('ba-user-token='));
  if (!cookie || cookie === 'ba-user-token=') {
    throw new BenchError(`login answered code 200001 but set no ba-user-token cookie (set-cookie: ${JSON.stringify(setCookie)})`);
  }
  return { token, cookie };
}

/** One measured route, with the headers of its requests and the check of its sample answer. */
export interface Route {
  name: string;
  path: string;
  kind: 'html' | 'api';
  /** Needs the demo member's session. */
  auth: boolean;
  headers: Record<string, string>;
  /** Throws a BenchError when the sample response shows the request is not what we mean to measure. */
  check: (res: Response, body: string) => void;
}

/** The routes, with `session`'s credentials in their headers (undefined: only their names are needed). */
/** The API envelope of a response body; a body that is not JSON fails the run. */
function envelopeOf<D>(what: string, body: string): { code?: number; data?: D } {
  try {
    return JSON.parse(body);
  } catch {
    throw new BenchError(`${what} did not answer JSON: ${body.slice(0, 200)}`);
  }
}

export function routes(session: Session | undefined): Route[] {
  const expect200 = (what: string) => (res: Response, body: string) => {
    if (res.status !== 200) {
      const loc = res.headers.get('location');
      throw new BenchError(`${what}: expected HTTP 200, got ${res.status}${loc ? ` (Location: ${loc})` : ''}: ${body.slice(0, 200)}`);
    }
  };
  return [
    {
      name: '/',
      path: '/',
      kind: 'html',
      auth: false,
      headers: { accept: 'text/html' },
      check: expect200('GET / (public home)'),
    },
    {
      name: '/user/account/overview',
      path: '/user/account/overview',
      kind: 'html',
      auth: true,
      headers: { accept: 'text/html', cookie: session?.cookie ?? '' },
      check: expect200('GET /user/account/overview with the demo session cookie'),
    },
    {
      // The member list page the peer harness measures (#15): 20 orders on the page.
      name: '/user/order/guzhu',
      path: '/user/order/guzhu?limit=20',
      kind: 'html',
      auth: true,
      headers: { accept: 'text/html', cookie: session?.cookie ?? '' },
      check: (res, body) => {
        expect200('GET /user/order/guzhu?limit=20 with the demo session cookie')(res, body);
        if (!res.headers.has('x-page-cache')) throw new BenchError('GET /user/order/guzhu?limit=20 was not eligible for the page cache');
        const rows = body.match(/<tr [^>]*data-order=/g)?.length ?? 0;
        if (rows < 20) throw new BenchError(`GET /user/order/guzhu?limit=20 listed ${rows} orders, not 20 (demo seed too small?)`);
      },
    },
    {
      // The same page rendered every time: a token in a header (an API client's way) is never
      // answered from the page cache (decision 0009), so this is the cost of a first load.
      name: '/user/order/guzhu, rendered',
      path: '/user/order/guzhu?limit=20',
      kind: 'html',
      auth: true,
      headers: { accept: 'text/html', 'ba-user-token': session?.token ?? '' },
      check: (res, body) => {
        expect200('GET /user/order/guzhu?limit=20 with the ba-user-token header')(res, body);
        if (res.headers.has('x-page-cache')) throw new BenchError('the rendered variant was answered by the page cache');
        const rows = body.match(/<tr [^>]*data-order=/g)?.length ?? 0;
        if (rows < 20) throw new BenchError(`GET /user/order/guzhu?limit=20 listed ${rows} orders, not 20`);
      },
    },
    {
      name: '/userapi/v1/order/list',
      path: '/userapi/v1/order/list?type=guzhu&limit=20',
      kind: 'api',
      auth: true,
      headers: { accept: 'application/json', 'ba-user-token': session?.token ?? '' },
      check: (res, body) => {
        expect200('GET /userapi/v1/order/list?type=guzhu&limit=20')(res, body);
        const json = envelopeOf<{ list?: unknown[] }>('GET /userapi/v1/order/list', body);
        if (json.code !== 200001 || (json.data?.list?.length ?? 0) < 20) {
          throw new BenchError(`GET /userapi/v1/order/list answered code ${json.code} with ${json.data?.list?.length ?? 0} rows`);
        }
      },
    },
    {
      name: '/userapi/v1/index/index',
      path: '/userapi/v1/index/index',
      kind: 'api',
      auth: true,
      headers: { accept: 'application/json', 'ba-user-token': session?.token ?? '' },
      check: (res, body) => {
        expect200('GET /userapi/v1/index/index with the ba-user-token header')(res, body);
        const json = envelopeOf<{ userInfo?: Record<string, unknown> }>('GET /userapi/v1/index/index', body);
        if (json.code !== 200001) throw new BenchError(`GET /userapi/v1/index/index answered code ${json.code}`);
        const info = json.data?.userInfo;
        if (!info || typeof info !== 'object' || Object.keys(info).length === 0) {
          throw new BenchError('GET /userapi/v1/index/index ignored the ba-user-token header: data.userInfo is empty');
        }
      },
    },
  ];
}
