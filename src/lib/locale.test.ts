import { expect, test } from 'bun:test';
import { fromAcceptLanguage, resolveLocale } from './locale';

test('cookie ba-lang wins over header and Accept-Language', () => {
  expect(resolveLocale({ cookie: 'en', header: 'zh-cn', acceptLanguage: 'zh-CN' })).toBe('en');
  expect(resolveLocale({ cookie: 'zh-cn', header: 'en', acceptLanguage: 'en' })).toBe('zh-cn');
});

test('think-lang header next, then Accept-Language', () => {
  expect(resolveLocale({ header: 'en', acceptLanguage: 'zh-CN' })).toBe('en');
  expect(resolveLocale({ acceptLanguage: 'fr-FR,en-GB;q=0.8,zh;q=0.5' })).toBe('en');
  expect(resolveLocale({ acceptLanguage: 'en;q=0.4, zh-TW;q=0.9' })).toBe('zh-cn');
});

test('unknown values fall through; default zh-cn', () => {
  expect(resolveLocale({ cookie: 'de', header: 'xx' })).toBe('zh-cn');
  expect(resolveLocale({})).toBe('zh-cn');
  expect(fromAcceptLanguage('fr, de;q=0.5')).toBeNull();
  expect(fromAcceptLanguage('en;q=0')).toBeNull();
});
