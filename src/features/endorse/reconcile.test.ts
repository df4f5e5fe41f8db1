/** The staff-list comparison (issue #31, item 3): rows checked, and the three groups of proposals. */
import { describe, expect, test } from 'bun:test';
import { makeResidentId } from '~/lib/cn-id';
import type { InsuredRow } from './policy';
import { checkStaffRows, compareRoster, normalId } from './reconcile';

const insured = (id: number, name: string, idNo: string, cls = 2): InsuredRow => ({
  id,
  orderId: 1,
  name,
  idNo,
  gender: 1,
  birthday: '1990-01-01',
  cls,
  activeFrom: '2026-01-01',
  activeTo: '2026-12-31',
  premium: 0,
});
const rows = (lines: string[][]) => lines.map((cells, i) => ({ row: i + 1, cells }));

describe('checkStaffRows', () => {
  test('skips a header row and blank rows, reads an empty class as none, normalises the ID (lower-case x, spaces)', () => {
    const withX = Array.from({ length: 1000 }, (_, k) => makeResidentId('1985-06-15', k)).find((id) => id.endsWith('X')) as string;
    const { staff, problems } = checkStaffRows(
      rows([
        ['姓名', '身份证号', '职业类别'],
        ['王 小明', ` ${withX.toLowerCase()} `, ''],
        ['', '', ''],
        ['李四', makeResidentId('1991-02-03', 7), '3'],
      ]),
    );
    expect(problems).toEqual([]);
    expect(staff).toEqual([
      { row: 2, name: '王 小明', id_no: withX, occupation_class: null },
      { row: 4, name: '李四', id_no: makeResidentId('1991-02-03', 7), occupation_class: 3 },
    ]);
  });

  test('lists every bad row with its field: name, ID check digit, class, the same ID twice', () => {
    const good = makeResidentId('1988-08-08', 11);
    const bad = `${good.slice(0, 17)}${good[17] === '0' ? '1' : '0'}`;
    const { staff, problems } = checkStaffRows(
      rows([
        ['张', good, '1'],
        ['李红', bad, '2'],
        ['赵六', makeResidentId('1979-01-05', 3), '9'],
        ['钱七', good, '1'],
        ['孙八', good, '1'],
      ]),
    );
    expect(problems).toEqual([
      { row: 1, field: 'name', key: 'endorse.nameInvalid' },
      { row: 2, field: 'id_no', key: 'endorse.idNoInvalid' },
      { row: 3, field: 'occupation_class', key: 'endorse.classInvalid' },
      { row: 4, field: 'id_no', key: 'endorse.reconcileIdTwice', params: { row: 1 } },
      { row: 5, field: 'id_no', key: 'endorse.reconcileIdTwice', params: { row: 1 } },
    ]);
    expect(staff).toEqual([]);
  });
});

describe('compareRoster', () => {
  const ids = Array.from({ length: 8 }, (_, k) => makeResidentId(`1980-03-0${(k % 9) + 1}`, 20 + k));
  const roster = [
    insured(1, '甲一', ids[0]),
    insured(2, '乙二', ids[1]),
    insured(3, '丙三', ids[2], 3),
    insured(4, '丁四', ids[3]),
    insured(5, '戊五', ids[4]),
  ];

  test('leavers, joiners and changed details; the same person with the same details is no proposal', () => {
    const staff = [
      { row: 1, name: '甲一', id_no: ids[0], occupation_class: 2 }, // same
      { row: 2, name: '乙贰', id_no: ids[1], occupation_class: null }, // name changed, class not given
      { row: 3, name: '丙三', id_no: ids[2], occupation_class: 4 }, // class changed
      { row: 4, name: '新人', id_no: ids[5], occupation_class: 1 }, // joiner
      { row: 5, name: '新人二', id_no: ids[6], occupation_class: null }, // joiner without class
    ];
    const r = compareRoster(staff, roster);
    expect(r.removals.map((x) => x.id)).toEqual([4, 5]);
    expect(r.additions.map((x) => x.row)).toEqual([4, 5]);
    expect(r.corrections.map((c) => [c.insured.id, c.name, c.cls])).toEqual([
      [2, true, false],
      [3, false, true],
    ]);
  });

  test('ID numbers match whatever their case; a name differing only in spaces is the same; joiners already on their way are not proposed', () => {
    const withX = Array.from({ length: 1000 }, (_, k) => makeResidentId('1985-06-15', k)).find((id) => id.endsWith('X')) as string;
    const r = compareRoster(
      [
        { row: 1, name: ' 甲一 ', id_no: withX.toLowerCase(), occupation_class: 2 },
        { row: 2, name: '未来', id_no: ids[7], occupation_class: 2 },
      ],
      [insured(9, '甲一', withX)],
      [insured(10, '未来', ids[7])],
    );
    expect(normalId(withX.toLowerCase())).toBe(withX);
    expect(r).toEqual({ removals: [], additions: [], corrections: [] });
  });
});
