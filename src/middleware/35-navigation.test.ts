import { describe, expect, test } from 'bun:test';
import { Hono } from 'hono';
import navigationMiddleware, { isDocumentRequest } from './35-navigation';

function app() {
  const a = new Hono();
  a.use(navigationMiddleware());
  a.get('*', (c) => c.text(`page ${c.req.path}`));
  return a;
}
const doc = { headers: { accept: 'text/html', 'sec-fetch-dest': 'document' } };

describe('navigation middleware (first loads)', () => {
  test('route-rule redirects answer 302 and keep the query', async () => {
    const res = await app().request('/user/account?x=1', doc);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/user/account/overview?x=1');
    expect((await app().request('/member/order/guzhu', doc)).headers.get('location')).toBe('/user/order/guzhu');
  });
  test('known pages and unknown paths go on to Waku (its 404 page answers the latter)', async () => {
    expect(await (await app().request('/user/account/overview', doc)).text()).toBe('page /user/account/overview');
    expect(await (await app().request('/no/such', doc)).text()).toBe('page /no/such');
  });
  test('RSC fetches, assets and API calls are not first loads', async () => {
    expect(await (await app().request('/RSC/R/user/account.txt')).text()).toBe('page /RSC/R/user/account.txt');
    expect(isDocumentRequest(new Request('http://x/user/account', { headers: { accept: 'application/json' } }))).toBe(false);
    expect(isDocumentRequest(new Request('http://x/user/account', { method: 'POST', headers: { accept: 'text/html' } }))).toBe(false);
    expect(isDocumentRequest(new Request('http://x/user/account', { headers: { accept: 'text/html' } }))).toBe(true);
  });
});
