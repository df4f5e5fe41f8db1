/** Request ids and the instance name: what a response says about where and as what it was served. */
import { afterEach, expect, test } from 'bun:test';
import { instanceName, requestIdOf, traceHeaders } from './trace';

const saved = { trust: process.env.TRUST_PROXY, instance: process.env.PORTAL_INSTANCE };
afterEach(() => {
  for (const [key, value] of [
    ['TRUST_PROXY', saved.trust],
    ['PORTAL_INSTANCE', saved.instance],
  ] as const) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});

const withId = (id: string) => new Request('http://portal.test/', { headers: { 'x-request-id': id } });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

test('without TRUST_PROXY a client-sent X-Request-Id is ignored: the portal makes its own', () => {
  delete process.env.TRUST_PROXY;
  expect(requestIdOf(withId('chosen-by-client-1234'))).toMatch(UUID);
});

test("behind our proxy its well-formed id is the request's id; a malformed one is replaced", () => {
  process.env.TRUST_PROXY = '1';
  expect(requestIdOf(withId('7f3a9c2e4b1d8f6a0c5e7b9d1f3a5c7e'))).toBe('7f3a9c2e4b1d8f6a0c5e7b9d1f3a5c7e');
  for (const bad of ['short', 'has space inside it', 'forged] [req other', 'x'.repeat(129), '<script>alert(1)</script>']) {
    expect(requestIdOf(withId(bad))).toMatch(UUID);
  }
});

test('one id per request, however many layers ask', () => {
  const req = new Request('http://portal.test/');
  expect(requestIdOf(req)).toBe(requestIdOf(req));
  expect(requestIdOf(req)).not.toBe(requestIdOf(new Request('http://portal.test/')));
});

test('x-portal-instance only when PORTAL_INSTANCE names the instance', () => {
  delete process.env.PORTAL_INSTANCE;
  const req = new Request('http://portal.test/');
  expect(instanceName()).toBeUndefined();
  expect(traceHeaders(req)).toEqual([['x-request-id', requestIdOf(req)]]);
  process.env.PORTAL_INSTANCE = ' p2 ';
  expect(traceHeaders(req)).toEqual([
    ['x-request-id', requestIdOf(req)],
    ['x-portal-instance', 'p2'],
  ]);
});
