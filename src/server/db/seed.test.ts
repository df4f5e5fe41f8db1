import { describe, expect, test } from 'bun:test';
import { demoByDefault } from './seed';

describe('demoByDefault', () => {
  test('seeds demo members in development unless PORTAL_DEMO=0', () => {
    expect(demoByDefault({})).toBe(true);
    expect(demoByDefault({ PORTAL_DEMO: '0' })).toBe(false);
  });
  test('never seeds known passwords in production unless asked explicitly', () => {
    expect(demoByDefault({ NODE_ENV: 'production' })).toBe(false);
    expect(demoByDefault({ NODE_ENV: 'production', PORTAL_DEMO: '1' })).toBe(true);
  });
});
