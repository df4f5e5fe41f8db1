import { describe, expect, test } from 'bun:test';
import * as v from 'valibot';
import { account, email, loginAccount, mobile, password } from './fields';
import { checkInput } from './schema';

/** The message key a one-field schema gives `value`, or null when it passes. */
const problem = (field: v.GenericSchema, value: unknown) => {
  const r = checkInput(v.object({ f: field }), { f: value });
  return r.ok ? null : r.errors.f;
};

describe('account (spec §5)', () => {
  test('accepts 3–15 chars starting with a letter', () => {
    for (const ok of ['abc', 'demo', 'a_1', 'A23456789012345']) expect(problem(account(), ok)).toBeNull();
  });
  test('rejects bad shapes', () => {
    for (const bad of ['ab', '1abc', '_abc', 'a-bc', 'a'.repeat(16), 'abc def', '张三abc'])
      expect(problem(account(), bad)).toBe('validate.account');
  });
  test('empty, blank or not a string is required', () => {
    for (const missing of ['', '   ', undefined, 42, null]) expect(problem(account(), missing)).toBe('validate.required');
  });
});

describe('password (spec §5)', () => {
  test('6–32 chars, # and spaces allowed', () => {
    for (const ok of ['Demo#2026', '123456', 'x'.repeat(32), 'pass word!']) expect(problem(password(), ok)).toBeNull();
  });
  test('length and forbidden characters', () => {
    for (const bad of ['12345', 'x'.repeat(33), 'abc&def', 'abc<def', 'abc>def', 'abc"def', "abc'def"]) {
      expect(problem(password(), bad)).toBe('validate.password');
    }
    expect(problem(password(), '')).toBe('validate.required');
  });
});

describe('email and mobile', () => {
  test('good and bad values', () => {
    expect(problem(email(), 'a@b.cn')).toBeNull();
    expect(problem(email(), 'a@b')).toBe('validate.email');
    expect(problem(email(), `${'a'.repeat(95)}@b.com`)).toBe('validate.email');
    expect(problem(mobile(), '13800138000')).toBeNull();
    expect(problem(mobile(), '12800138000')).toBe('validate.mobile');
  });
});

describe('loginAccount', () => {
  test('username, email or CN mobile', () => {
    for (const ok of ['demo', 'demo@example.com', '13800138000', '  demo  ']) expect(problem(loginAccount(), ok)).toBeNull();
  });
  test('wrong shapes name the right rule', () => {
    expect(problem(loginAccount(), 'demo@')).toBe('validate.email');
    expect(problem(loginAccount(), '12345')).toBe('validate.mobile');
    expect(problem(loginAccount(), '1x')).toBe('validate.account');
    expect(problem(loginAccount(), '  ')).toBe('validate.required');
  });
});
