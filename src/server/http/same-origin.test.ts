import { describe, expect, test } from 'bun:test';
import { isSameOrigin } from './same-origin';

const req = (headers: Record<string, string>, url = 'http://portal.test/user/login') => new Request(url, { method: 'POST', headers });

describe('isSameOrigin', () => {
  test('accepts our own origin and a TLS proxy in front of us', () => {
    expect(isSameOrigin(req({ origin: 'http://portal.test' }))).toBe(true);
    expect(isSameOrigin(req({ origin: 'https://portal.test' }))).toBe(true);
    expect(isSameOrigin(req({ 'sec-fetch-site': 'same-origin' }))).toBe(true);
  });
  test('refuses other origins, null origins and cross-site fetches', () => {
    expect(isSameOrigin(req({ origin: 'https://evil.example' }))).toBe(false);
    expect(isSameOrigin(req({ origin: 'null' }))).toBe(false);
    expect(isSameOrigin(req({ 'sec-fetch-site': 'cross-site' }))).toBe(false);
    expect(isSameOrigin(req({ origin: 'http://portal.test.evil.example' }))).toBe(false);
  });
});
