import { describe, expect, test } from 'bun:test';
import { creditCodeCheckChar, isCreditCode, makeCreditCode, parseCreditCode } from './credit-code';

describe('unified social credit codes (GB 32100)', () => {
  test('published codes check out, the demo code included', () => {
    expect(parseCreditCode('91310115MA1K4ABC18')).toBe('91310115MA1K4ABC18');
    expect(isCreditCode('91350100M000100Y43')).toBe(true); // the standard's commonly cited example
    expect(isCreditCode('914403001922038216')).toBe(true);
    expect(isCreditCode('91110000802100433B')).toBe(true);
    expect(creditCodeCheckChar('91310115MA1K4ABC1')).toBe('8');
  });

  test('lower case and surrounding spaces are accepted and normalised', () => {
    expect(parseCreditCode(' 91310115ma1k4abc18 ')).toBe('91310115MA1K4ABC18');
  });

  test('a wrong check character, a letter outside the set or a bad shape is refused', () => {
    expect(isCreditCode('91310115MA1K4ABC19')).toBe(false);
    expect(isCreditCode('91310115MA1K4ABC1')).toBe(false);
    expect(isCreditCode('91310115MA1K4ABC180')).toBe(false);
    for (const letter of ['I', 'O', 'Z', 'S', 'V']) {
      const bad = `91310115MA1K4AB${letter}1`;
      expect(creditCodeCheckChar(bad)).toBeNull();
    }
    expect(isCreditCode('9131A115MA1K4ABC18')).toBe(false); // the area code is digits
    expect(isCreditCode('')).toBe(false);
    expect(isCreditCode('0131011MA1K4ABC18X')).toBe(false);
  });

  test('every single-character change of a valid code is caught', () => {
    const code = '91310115MA1K4ABC18';
    const set = '0123456789ABCDEFGHJKLMNPQRTUWXY';
    for (let i = 0; i < 18; i++) {
      for (const ch of set) {
        if (ch === code[i]) continue;
        expect(isCreditCode(code.slice(0, i) + ch + code.slice(i + 1))).toBe(false);
      }
    }
  });

  test('made codes parse back', () => {
    const made = makeCreditCode('91310000MA1FL0000');
    expect(isCreditCode(made)).toBe(true);
    expect(() => makeCreditCode('9131000OMA1FL0000')).toThrow();
  });
});
