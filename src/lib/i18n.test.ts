import { describe, expect, test } from 'bun:test';
import { COMMON, createT, hasPageBundle, interpolate, loadT, mergeMessages, pageKey } from './i18n';

describe('i18n', () => {
  test('interpolates {name} placeholders', () => {
    expect(interpolate('Page not found: {path}', { path: '/x' })).toBe('Page not found: /x');
    expect(interpolate('{a} {b}', { a: 1 })).toBe('1 {b}');
  });
  test('createT: later bundles win, nested keys, missing keys show the key', () => {
    const t = createT('en', { a: { b: 'one' }, c: 'c' }, { a: { d: 'two' }, c: 'C' });
    expect(t('a.b')).toBe('one');
    expect(t('a.d')).toBe('two');
    expect(t('c')).toBe('C');
    expect(t('nope.key')).toBe('nope.key');
    expect(t.has('a.b')).toBe(true);
    expect(t.has('a')).toBe(false);
    expect(t.locale).toBe('en');
  });
  test('array keys allow slashes and dots inside one segment', () => {
    const t = createT('en', COMMON.en);
    expect(t(['route', '/user/claim/list'])).toBe('Claims');
  });
  test('common messages in both locales', () => {
    expect(createT('en', COMMON.en)('error.pageNotFound', { path: '/a' })).toBe('Page not found: /a');
    expect(createT('zh-cn', COMMON['zh-cn'])('nav.home')).toBe('首页');
    expect(createT('en', COMMON.en)('notice.forbidden')).toBe('You do not have permission to operate!');
  });
  test('page keys', () => {
    expect(pageKey('/')).toBe('index');
    expect(pageKey('/user/account/overview/')).toBe('user/account/overview');
  });
  test('loadT loads the page bundle over common', async () => {
    const t = await loadT('en', 'user/account/overview');
    expect(t('title')).toBe('Account overview');
    expect(t('nav.home')).toBe('Home');
  });
  test('a page without a bundle gets the common messages (the allocation page, whose texts are in the team area)', async () => {
    // The reference's English set had no allocation page (spec §1); its zh-cn bundle moved into the
    // team area's text table (decision 0014), so neither language has a page bundle for it now.
    expect(hasPageBundle('en', 'user/team/allocation')).toBe(false);
    expect(hasPageBundle('zh-cn', 'user/team/allocation')).toBe(false);
    expect(hasPageBundle('zh-cn', 'user/account/overview')).toBe(true);
    const t = await loadT('en', 'user/team/allocation');
    expect(t.has('title')).toBe(false);
    expect(t(['route', '/user/team/allocation'])).toBe('Allocation');
  });
  test('every common key of zh-cn exists in en and the other way round', () => {
    const keys = (o: object, p = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' && v ? keys(v, `${p}${k}.`) : [`${p}${k}`]));
    expect(keys(COMMON.en).sort()).toEqual(keys(COMMON['zh-cn']).sort());
  });
  test('mergeMessages ignores undefined', () => {
    expect(mergeMessages(undefined, { a: 1 })).toEqual({ a: 1 });
  });
});
