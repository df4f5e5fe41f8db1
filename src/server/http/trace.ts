/**
 * What ties one request together across a proxy and several instances: its request id and the
 * instance that answered it (docs/deployment.md, "Logs").
 *
 * Behind our own proxy (`TRUST_PROXY=1`), a well-formed `X-Request-Id` from it (nginx's
 * `$request_id`) becomes the request's id, so the proxy's access log and the portal's error lines
 * name the same id; otherwise the portal makes one. Every response says both in `x-request-id`
 * and, when `PORTAL_INSTANCE` is set, `x-portal-instance`.
 */
import { runtimeEnv } from '~/server/runtime-env';

/** Ids the portal takes from the proxy: long enough to be unique, nothing a log line could be forged with. */
const WELL_FORMED = /^[A-Za-z0-9._-]{8,128}$/;

const ids = new WeakMap<Request, string>();

/**
 * The request's id: the proxy's `X-Request-Id` when trusted and well formed, else a new UUID.
 * Memoised per Request, so the server entry, the page context and the API name the same id.
 */
export function requestIdOf(req: Request): string {
  let id = ids.get(req);
  if (id) return id;
  const incoming = runtimeEnv().TRUST_PROXY === '1' ? req.headers.get('x-request-id') : null;
  id = incoming && WELL_FORMED.test(incoming) ? incoming : crypto.randomUUID();
  ids.set(req, id);
  return id;
}

/** This instance's name (`PORTAL_INSTANCE`), or undefined when the operator gave it none. */
export function instanceName(): string | undefined {
  const name = runtimeEnv().PORTAL_INSTANCE?.trim();
  return name ? name.slice(0, 64) : undefined;
}

/** The headers every response carries: `x-request-id`, and `x-portal-instance` when named. */
export function traceHeaders(req: Request): [string, string][] {
  const headers: [string, string][] = [['x-request-id', requestIdOf(req)]];
  const name = instanceName();
  if (name) headers.push(['x-portal-instance', name]);
  return headers;
}
