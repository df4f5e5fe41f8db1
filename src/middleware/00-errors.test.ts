import { describe, expect, test } from 'bun:test';
import { Hono } from 'hono';
import errorsMiddleware from './00-errors';

function app() {
  const a = new Hono();
  a.use(errorsMiddleware());
  a.get('/boom', () => {
    throw new Error('secret detail: db password is hunter2');
  });
  a.get('/five', (c) => c.html('<p>partial</p>', 503));
  a.get('/RSC/R/x.txt', () => {
    throw new Error('rsc failure');
  });
  a.get('/ok', (c) => c.text('fine'));
  return a;
}

describe('errors middleware', () => {
  test('a crash becomes the server-error page: 500, its title, no details', async () => {
    const res = await app().request('/boom', { headers: { accept: 'text/html' } });
    expect(res.status).toBe(500);
    const html = await res.text();
    expect(html).toContain('<title>Internal Server Error</title>');
    expect(html).toContain('lang="zh-cn"');
    expect(html).not.toContain('hunter2');
    expect(html).not.toMatch(/at .*\.ts:\d+/);
  });
  test('the page follows the ba-lang cookie', async () => {
    const res = await app().request('/boom', { headers: { accept: 'text/html', cookie: 'ba-lang=en' } });
    expect(await res.text()).toContain('Something went wrong on our side');
  });
  test('a 5xx HTML answer is replaced by the error page', async () => {
    const res = await app().request('/five', { headers: { accept: 'text/html' } });
    expect(res.status).toBe(500);
    expect(await res.text()).not.toContain('partial');
  });
  test('RSC requests get a bare 500 and good answers pass through', async () => {
    const rsc = await app().request('/RSC/R/x.txt');
    expect(rsc.status).toBe(500);
    expect(await rsc.text()).toBe('Internal Server Error');
    expect(await (await app().request('/ok')).text()).toBe('fine');
  });
});
