import { describe, expect, test } from 'bun:test';
import { readPrefs } from './request-prefs';

describe('readPrefs', () => {
  test('the cookie wins over the think-lang header; unknown values fall back', () => {
    const headers = new Headers({ 'think-lang': 'en' });
    expect(readPrefs(headers, { 'ba-lang': 'zh-cn' }).locale).toBe('zh-cn');
    expect(readPrefs(headers, {}).locale).toBe('en');
    expect(readPrefs(new Headers(), { 'ba-lang': 'fr' }).locale).toBe('zh-cn');
  });

  test('theme is dark only when asked; a bad time zone is dropped', () => {
    expect(readPrefs(new Headers(), { 'ba-theme': 'dark', 'ba-tz': 'Europe/Berlin' })).toEqual({
      locale: 'zh-cn',
      theme: 'dark',
      browserTimeZone: 'Europe/Berlin',
    });
    expect(readPrefs(new Headers(), { 'ba-theme': 'blue', 'ba-tz': 'Mars/Olympus' })).toMatchObject({
      theme: 'light',
      browserTimeZone: null,
    });
  });
});
