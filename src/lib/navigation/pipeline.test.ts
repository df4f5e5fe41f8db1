import { describe, expect, test } from 'bun:test';
import { resolveNavigation, type ResolveOptions } from './pipeline';
import { createRegistry, defineMiddleware, registry as appRegistry } from './middleware';
import { matchRule, ROUTE_RULES } from './rules';
import { navMessage } from './messages';
import type { RouteEntry } from './routes';

const routes: RouteEntry[] = [
  { path: '/' },
  { path: '/a', middleware: ['one', 'two'] },
  { path: '/b' },
  { path: '/guarded', middleware: ['block'] },
  { path: '/broken', middleware: ['one', 'missing'] },
  { path: '/async', middleware: ['later'] },
  { path: '/p/[id]' },
];
const rules = {
  '/old': { redirect: '/a' },
  '/moved/**': { redirect: '/p/**' },
  '/away': { redirect: 'https://elsewhere.example/x' },
  '/loop': { redirect: '/loop2' },
  '/loop2': { redirect: '/loop' },
} as const;

function setup() {
  const calls: string[] = [];
  const reg = createRegistry();
  defineMiddleware('one', () => void calls.push('one'), reg);
  defineMiddleware(
    'two',
    (to) => {
      calls.push('two');
      if (to.query.get('go') === 'b') return { redirect: '/b' };
    },
    reg,
  );
  defineMiddleware('block', () => ({ abort: 'No entry' }), reg);
  defineMiddleware(
    'later',
    async () => {
      calls.push('later');
      return { document: true as const };
    },
    reg,
  );
  const opts = (o: Partial<ResolveOptions> = {}): ResolveOptions => ({
    side: 'client',
    origin: 'http://app.test',
    routes,
    rules,
    registry: reg,
    ...o,
  });
  return { calls, opts };
}

describe('resolveNavigation', () => {
  test('runs validation, then the route rule, then the middlewares, in that order', () => {
    const { calls, opts } = setup();
    const steps: string[] = [];
    const d = resolveNavigation('/old?q=1#h', opts({ trace: (s, detail) => steps.push(`${s}:${detail}`) }));
    expect(steps).toEqual(['validate:/old', 'rule:/old -> /a', 'validate:/a', 'middleware:one,two']);
    expect(calls).toEqual(['one', 'two']);
    expect(d).toEqual({ kind: 'proceed', to: '/a?q=1#h', redirected: true });
  });

  test('validation fails first: not-found with the full path, no rule or middleware runs', () => {
    const { calls, opts } = setup();
    const steps: string[] = [];
    expect(resolveNavigation('/nowhere?x=1#y', opts({ trace: (s) => steps.push(s) }))).toEqual({
      kind: 'not-found',
      fullPath: '/nowhere?x=1#y',
    });
    expect(steps).toEqual(['validate']);
    expect(calls).toEqual([]);
    expect(navMessage('en', 'pageNotFound', { fullPath: '/nowhere?x=1#y' })).toBe('Page Not Found: /nowhere?x=1#y');
    expect(navMessage('zh-cn', 'pageNotFound', { fullPath: '/x' })).toBe('页面不存在：/x');
  });

  test('an unknown middleware name throws before any middleware of the route runs', () => {
    const { calls, opts } = setup();
    expect(() => resolveNavigation('/broken', opts())).toThrow('Unknown route middleware: missing');
    expect(calls).toEqual([]);
  });

  test('a middleware redirect runs the checks again for the new target', () => {
    const { calls, opts } = setup();
    expect(resolveNavigation('/a?go=b', opts())).toEqual({ kind: 'proceed', to: '/b', redirected: true });
    expect(calls).toEqual(['one', 'two']);
  });

  test('prefix rules carry the rest of the path; external rule targets are full page loads', () => {
    const { opts } = setup();
    expect(resolveNavigation('/moved/7', opts())).toEqual({ kind: 'proceed', to: '/p/7', redirected: true });
    expect(resolveNavigation('/away', opts())).toEqual({
      kind: 'redirect',
      to: 'https://elsewhere.example/x',
      status: 302,
      external: true,
    });
  });

  test('on the server a rule redirect is answered with its status and the final target', () => {
    const { opts } = setup();
    expect(resolveNavigation('/old?q=1', opts({ side: 'server' }))).toEqual({
      kind: 'redirect',
      to: '/a?q=1',
      status: 302,
      external: false,
    });
    expect(resolveNavigation('/a', opts({ side: 'server' }))).toEqual({ kind: 'proceed', to: '/a', redirected: false });
  });

  test('abort, async middlewares and redirect loops', async () => {
    const { opts } = setup();
    expect(resolveNavigation('/guarded', opts())).toMatchObject({ kind: 'abort', reason: 'middleware', message: 'No entry' });
    const pending = resolveNavigation('/async', opts());
    expect(pending).toBeInstanceOf(Promise);
    expect(await pending).toEqual({ kind: 'document', to: '/async' });
    expect(() => resolveNavigation('/loop', opts())).toThrow(/Too many navigation redirects/);
  });

  test('external targets need the explicit option; unsafe protocols are refused', () => {
    const { opts } = setup();
    expect(resolveNavigation('https://other.example/', opts())).toMatchObject({ kind: 'abort', reason: 'external-not-allowed' });
    expect(resolveNavigation('https://other.example/', opts({ external: true }))).toMatchObject({ kind: 'redirect', external: true });
    expect(resolveNavigation('javascript:alert(1)', opts({ external: true }))).toMatchObject({ kind: 'abort', reason: 'unsafe-protocol' });
    expect(resolveNavigation('http://app.test/b', opts())).toEqual({ kind: 'proceed', to: '/b', redirected: false });
  });

  test("the app's tables: rules, signed links", () => {
    expect(matchRule('/user/account', ROUTE_RULES)?.to).toBe('/user/account/overview');
    expect(matchRule('/member/order/guzhu', ROUTE_RULES)?.to).toBe('/user/order/guzhu');
    expect(resolveNavigation('/member', { side: 'client' })).toEqual({ kind: 'proceed', to: '/user', redirected: true });
    expect(resolveNavigation('/user/account/overview?signature=abc', { side: 'client' })).toEqual({
      kind: 'document',
      to: '/user/account/overview?signature=abc',
    });
    expect(resolveNavigation('/user/account/overview?signature=abc', { side: 'server' })).toMatchObject({ kind: 'proceed' });
    expect(appRegistry.has('signed-link')).toBe(true);
    expect(navMessage('en', 'menuTypeUnrecognized')).toBe('Navigation failed, the menu type is unrecognized!');
  });
});
