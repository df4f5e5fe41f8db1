import { describe, expect, test } from 'bun:test';
import { safeLocalPath } from './safe-path';

describe('safeLocalPath', () => {
  test('keeps same-origin paths with query and hash', () => {
    expect(safeLocalPath('/user/account/overview?x=1#a')).toBe('/user/account/overview?x=1#a');
  });
  test.each(['//evil.example/x', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)', '', '/a\nb', 'user', 42, null])(
    'refuses %p',
    (v) => expect(safeLocalPath(v)).toBeNull(),
  );
});
