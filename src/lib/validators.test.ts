import { describe, expect, test } from 'bun:test';
import { validateAccount, validateLoginAccount, validatePassword } from './validators';

describe('validateAccount (spec §5)', () => {
  test('accepts 3–15 chars starting with a letter', () => {
    for (const ok of ['abc', 'demo', 'a_1', 'A23456789012345']) expect(validateAccount(ok)).toBeNull();
  });
  test('rejects bad shapes', () => {
    for (const bad of ['ab', '1abc', '_abc', 'a-bc', 'a'.repeat(16), 'abc def', '张三abc']) {
      expect(validateAccount(bad)).toBe('validate.account');
    }
  });
  test('empty is required', () => {
    expect(validateAccount('')).toBe('validate.required');
    expect(validateAccount(undefined)).toBe('validate.required');
  });
});

describe('validatePassword (spec §5)', () => {
  test('6–32 chars, # and spaces allowed', () => {
    for (const ok of ['Demo#2026', '123456', 'x'.repeat(32), 'pass word!']) expect(validatePassword(ok)).toBeNull();
  });
  test('length and forbidden characters', () => {
    for (const bad of ['12345', 'x'.repeat(33), 'abc&def', 'abc<def', 'abc>def', 'abc"def', "abc'def"]) {
      expect(validatePassword(bad)).toBe('validate.password');
    }
    expect(validatePassword('')).toBe('validate.required');
  });
});

describe('validateLoginAccount', () => {
  test('username, email or CN mobile', () => {
    expect(validateLoginAccount('demo')).toBeNull();
    expect(validateLoginAccount('demo@example.com')).toBeNull();
    expect(validateLoginAccount('13800138000')).toBeNull();
  });
  test('wrong shapes name the right rule', () => {
    expect(validateLoginAccount('demo@')).toBe('validate.email');
    expect(validateLoginAccount('12345')).toBe('validate.mobile');
    expect(validateLoginAccount('1x')).toBe('validate.account');
    expect(validateLoginAccount('  ')).toBe('validate.required');
  });
});
