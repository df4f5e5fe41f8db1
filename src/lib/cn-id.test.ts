import { describe, expect, test } from 'bun:test';
import { ageOn, idCheckChar, makeResidentId, maskResidentId, parseResidentId } from './cn-id';

describe('resident ID numbers (GB 11643)', () => {
  test('the standard example checks out, with its birthday and gender', () => {
    // The example of GB 11643-1999 itself.
    expect(idCheckChar('11010519491231002')).toBe('X');
    expect(parseResidentId('11010519491231002x')).toEqual({ id: '11010519491231002X', birthday: '1949-12-31', gender: 2 });
  });

  test('a wrong check character, a bad date, a future birth or a bad shape is refused', () => {
    expect(parseResidentId('110105194912310021')).toBeNull();
    const feb30 = '31011519900230001';
    expect(parseResidentId(feb30 + idCheckChar(feb30))).toBeNull();
    const future = '31011520990101001';
    expect(parseResidentId(future + idCheckChar(future), new Date('2026-11-24'))).toBeNull();
    for (const bad of ['', '123', '0101051949123100X2', '11010519491231002Y', ' 1101051949123100 2X']) {
      expect(parseResidentId(bad)).toBeNull();
    }
  });

  test('made numbers parse back; odd sequence is male', () => {
    const id = makeResidentId('1988-07-15', 123);
    expect(parseResidentId(id)).toEqual({ id, birthday: '1988-07-15', gender: 1 });
    expect(parseResidentId(makeResidentId('1990-01-02', 124))?.gender).toBe(2);
  });

  test('age counts whole years; masking keeps area and last four', () => {
    expect(ageOn('1988-07-15', '2026-07-14')).toBe(37);
    expect(ageOn('1988-07-15', '2026-07-15')).toBe(38);
    expect(maskResidentId('11010519491231002X')).toBe('110105********002X');
  });
});
