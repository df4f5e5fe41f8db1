/**
 * What the cluster tests share: a cluster of the built portal behind nginx (scripts/cluster), and
 * clients that go through the proxy and note which instance answered (`x-portal-instance`).
 *
 * nginx round-robins, so a test that needs "the same thing seen on every instance" repeats a
 * request through the proxy until every instance has answered it ({@link onEveryInstance}); one
 * that needs two steps on different instances checks the instances it got ({@link distinct}).
 */
import { type Cluster, type ClusterOptions, startCluster } from '../../scripts/cluster/index';
import { nginxBinary } from '../../scripts/cluster/nginx';
import { ensureBuild } from '../support/server';

export const API = '/userapi/v1';

/**
 * Whether the cluster tests can run here: nginx installed. `npm test` installs it and sets
 * REQUIRE_CLUSTER=1, so a missing nginx fails there instead of skipping.
 */
export function clusterAvailable(): boolean {
  if (nginxBinary()) return true;
  if (process.env.REQUIRE_CLUSTER === '1')
    throw new Error('REQUIRE_CLUSTER=1 but nginx is not installed (scripts/system-packages.sh nginx)');
  console.warn('[cluster] nginx not installed: cluster tests skipped (scripts/system-packages.sh nginx)');
  return false;
}

/**
 * A cluster for one test file: on the suite's PostgreSQL server when TEST_PG_URL is set (a fresh
 * database on it), else on a throwaway server of its own. Logins skip the click captcha and the
 * captcha runs in test mode (its answers carry their solution), as in the other server tests.
 */
export async function testCluster(options: ClusterOptions = {}): Promise<Cluster> {
  await ensureBuild();
  return startCluster({
    pgAdminUrl: process.env.TEST_PG_URL || undefined,
    ...options,
    env: { PORTAL_LOGIN_CAPTCHA: '0', PORTAL_CAPTCHA_TEST: '1', ...options.env },
  });
}

export interface Answer<T = unknown> {
  status: number;
  /** The parsed JSON body, or the text when the answer is not JSON. */
  body: T;
  /** `x-portal-instance`: which instance answered. */
  instance: string;
  headers: Headers;
}

/** One request through the proxy (or to `base`), with JSON in and out. */
export async function call<T = unknown>(
  base: string,
  path: string,
  init: { method?: string; json?: unknown; token?: string; headers?: Record<string, string>; lang?: string } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { origin: base, 'think-lang': init.lang ?? 'en', ...init.headers };
  if (init.token) headers['ba-user-token'] = init.token;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${path}`, {
    method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
    redirect: 'manual',
  });
  const text = await res.text();
  let body: unknown = text;
  if ((res.headers.get('content-type') ?? '').includes('json')) body = JSON.parse(text);
  return { status: res.status, body: body as T, instance: res.headers.get('x-portal-instance') ?? '', headers: res.headers };
}

/**
 * Repeats `request` through the proxy until every instance of the cluster has answered it at
 * least once (with an answer `accepted` takes, when given); returns the last such answer of each
 * instance by name. Fails after `tries` requests.
 */
export async function onEveryInstance<T>(
  cluster: Cluster,
  request: () => Promise<Answer<T>>,
  { tries = 30, accepted = () => true }: { tries?: number; accepted?: (a: Answer<T>) => boolean } = {},
): Promise<Map<string, Answer<T>>> {
  const seen = new Map<string, Answer<T>>();
  for (let i = 0; i < tries && seen.size < cluster.instances.length; i++) {
    const answer = await request();
    if (accepted(answer)) seen.set(answer.instance, answer);
  }
  const names = cluster.instances.map((p) => p.name);
  const missing = names.filter((n) => !seen.has(n));
  if (missing.length) throw new Error(`no answer from ${missing.join(', ')} in ${tries} requests through the proxy`);
  return seen;
}

/** The names of the instances that answered, in order, with repeats removed. */
export const distinct = (answers: Answer[]) => [...new Set(answers.map((a) => a.instance))];

/** Logs in through the proxy; returns the access token and the instance that signed it in. */
export async function login(cluster: Cluster, account: string, password: string): Promise<{ token: string; instance: string }> {
  const r = await call<{ code: number; data?: { userInfo?: { token?: string } } }>(cluster.url, `${API}/user/login`, {
    json: { account, password },
  });
  const token = r.body.data?.userInfo?.token;
  if (r.body.code !== 200001 || !token)
    throw new Error(`login as ${account} failed on ${r.instance}: ${r.status} ${JSON.stringify(r.body)}`);
  return { token, instance: r.instance };
}

export const DEMO = { account: 'demo', password: 'Demo#2026' };
export const OPERATOR = { account: 'operator', password: 'Operator#2026' };
export const MANAGER = { account: 'manager', password: 'Manager#2026' };
export const SITE1 = { account: 'demo_site1', password: 'Site1#2026' };
