import { describe, expect, test } from 'bun:test';
import { checkInput } from '~/lib/schema';
import { loginSchema, logoutSchema, refreshSchema } from './schemas';

describe('loginSchema', () => {
  test('a good login, trimmed, keep read from any checkbox shape', () => {
    for (const keep of ['1', 'on', true, 'true']) {
      expect(checkInput(loginSchema, { account: ' demo ', password: 'Demo#2026', keep })).toEqual({
        ok: true,
        value: { account: 'demo', password: 'Demo#2026', keep: true },
      });
    }
    expect(checkInput(loginSchema, { account: 'demo', password: 'Demo#2026' })).toMatchObject({ ok: true, value: { keep: false } });
  });
  test('each bad field is named with its own message key', () => {
    expect(checkInput(loginSchema, { account: '1bad', password: 'a<b' })).toEqual({
      ok: false,
      errors: { account: 'validate.account', password: 'validate.password' },
    });
    expect(checkInput(loginSchema, { account: ['demo'], password: { x: 1 } })).toEqual({
      ok: false,
      errors: { account: 'validate.required', password: 'validate.required' },
    });
  });
  test('not an object at all', () => {
    expect(checkInput(loginSchema, 'demo')).toEqual({ ok: false, errors: { _: 'validate.invalid' } });
  });
});

describe('refresh and logout', () => {
  test('the token is optional, a string, and bounded', () => {
    expect(checkInput(refreshSchema, {})).toEqual({ ok: true, value: {} });
    expect(checkInput(refreshSchema, { refresh_token: 'abc' }).ok).toBe(true);
    expect(checkInput(refreshSchema, { refresh_token: 7 })).toEqual({ ok: false, errors: { refresh_token: 'validate.invalid' } });
    expect(checkInput(logoutSchema, { refresh_token: 'x'.repeat(201) })).toEqual({
      ok: false,
      errors: { refresh_token: 'validate.invalid' },
    });
  });
});
