import { expect, test } from 'bun:test';
import { scriptUrlsOf } from './client-js-size';

test('counts script src, modulepreload, preload as=script and the bootstrap import, once each', () => {
  const html = [
    '<link rel="stylesheet" href="/assets/a.css"/>',
    '<link rel="modulepreload" href="/assets/index-A.js" crossorigin=""/>',
    '<link rel=modulepreload href=/assets/b.js>',
    '<link rel="preload" as="script" href="/assets/c.js"/>',
    '<link rel="preload" as="style" href="/assets/d.css"/>',
    '<script src="/assets/e.js?v=1&amp;x=2"></script>',
    '<script>import("/assets/index-A.js").catch(() => {})</script>',
  ].join('');
  expect(scriptUrlsOf(html)).toEqual(['/assets/index-A.js', '/assets/b.js', '/assets/c.js', '/assets/e.js?v=1&x=2']);
});
