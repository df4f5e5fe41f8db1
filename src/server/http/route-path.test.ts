import { describe, expect, test } from 'bun:test';
// Waku's own parser, loaded by file path: its module is pure, but its package entry
// (waku/router/server) pulls in the react-server runtime.
import { parseRouterRequest } from '../../../node_modules/waku/dist/router/server-utils/parse-router-request.js';
import { requestRoutePath } from './route-path';

const urls = [
  '/',
  '/user',
  '/user/',
  '/user/account/overview',
  '/user/account/overview?x=1',
  '/product/index.html',
  '/user/iframe/https%3A%2F%2Fhelp.example.com',
  '/_private',
  '/RSC/R/_root.txt',
  '/RSC/R/user.txt',
  '/RSC/R/user/account/overview.txt',
  '/RSC/R/user/iframe/https%3A%2F%2Fx.txt',
  '/RSC/R/__private.txt',
  '/RSC/F/abc123/action.txt',
  '/RSC/S/slice-1.txt',
  '/RSC/R/user/account/overview',
];

describe('requestRoutePath', () => {
  test.each(urls)('agrees with Waku for %p', (path) => {
    const req = new Request(`http://portal.test${path}`);
    const waku = parseRouterRequest(req) as { type: string; path?: string } | null;
    expect(requestRoutePath(req)).toBe(waku?.type === 'route' ? waku.path! : null);
  });
  test('reads documents and RSC navigations as the same page', () => {
    expect(requestRoutePath(new Request('http://x/user/team/teamMange'))).toBe('/user/team/teamMange');
    expect(requestRoutePath(new Request('http://x/RSC/R/user/team/teamMange.txt'))).toBe('/user/team/teamMange');
    expect(requestRoutePath(new Request('http://x/RSC/R/_root.txt'))).toBe('/');
  });
});
