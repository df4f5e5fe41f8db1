import { describe, expect, test } from 'bun:test';
import { checkInput } from '~/lib/schema';
import { areaQuerySchema } from './schemas';
import { indexAreas, listAreas, loadAreaIndex } from './service';

describe('area data', () => {
  test('provinces, cities and districts from the package, sorted by code', async () => {
    const provinces = await listAreas({});
    expect(provinces.length).toBe(34);
    expect(provinces[0]).toEqual({ value: '110000', label: '北京市' });
    expect(provinces).toContainEqual({ value: '440000', label: '广东省' });
    const codes = provinces.map((p) => p.value);
    expect(codes).toEqual([...codes].sort());
    expect(await listAreas({ province: '110000' })).toEqual([{ value: '110100', label: '北京市' }]);
    expect(await listAreas({ province: '440000' })).toContainEqual({ value: '440300', label: '深圳市' });
    expect(await listAreas({ province: '440000', city: '440300' })).toContainEqual({ value: '440305', label: '南山区' });
    expect(await listAreas({ province: '420000' })).toContainEqual({ value: '429000', label: '省直辖县' });
  });

  test('every province has cities and every city has districts, all with six-digit codes', async () => {
    const { provinces, children } = await loadAreaIndex();
    for (const p of provinces) {
      const cities = children.get(p.value) ?? [];
      expect(cities.length).toBeGreaterThan(0);
      for (const c of cities) {
        expect(c.value.slice(0, 2)).toBe(p.value.slice(0, 2));
        expect((children.get(c.value) ?? []).length).toBeGreaterThan(0);
        for (const d of children.get(c.value) ?? []) expect(d.value).toMatch(/^[1-9]\d{5}$/);
      }
    }
  });

  test('unknown codes and a city outside its province give an empty list', async () => {
    expect(await listAreas({ province: '990000' })).toEqual([]);
    expect(await listAreas({ province: '440300' })).toEqual([]); // a city code is not a province
    expect(await listAreas({ province: '440000', city: '440399' })).toEqual([]);
    expect(await listAreas({ province: '110000', city: '440300' })).toEqual([]);
    expect(await listAreas({ province: '440000', city: '440305' })).toEqual([]); // a district is no city
  });

  test('loaded once per process', async () => {
    expect(loadAreaIndex()).toBe(loadAreaIndex());
    expect(await loadAreaIndex()).toBe(await loadAreaIndex());
  });

  test('indexAreas drops entries whose parent is missing', () => {
    const index = indexAreas({
      province_list: { 110000: 'P' },
      city_list: { 110100: 'C', 120100: 'orphan city' },
      county_list: { 110101: 'D', 120101: 'orphan county' },
    });
    expect(index.provinces).toEqual([{ value: '110000', label: 'P' }]);
    expect(index.children.get('110000')).toEqual([{ value: '110100', label: 'C' }]);
    expect(index.children.get('110100')).toEqual([{ value: '110101', label: 'D' }]);
    expect(index.children.has('120000')).toBe(false);
    expect(index.children.has('120100')).toBe(false);
  });
});

describe('areaQuerySchema', () => {
  test('absent and empty codes mean "not given"', () => {
    expect(checkInput(areaQuerySchema, {})).toEqual({ ok: true, value: { province: '', city: '' } });
    expect(checkInput(areaQuerySchema, { province: '', city: '' })).toEqual({ ok: true, value: { province: '', city: '' } });
    expect(checkInput(areaQuerySchema, { province: '440000', city: '440300' })).toEqual({
      ok: true,
      value: { province: '440000', city: '440300' },
    });
  });

  test('malformed codes name their field', () => {
    for (const bad of ['44000', '4400000', '44000a', '044000', ' 440000', ['440000'], { a: '1' }]) {
      expect(checkInput(areaQuerySchema, { province: bad })).toEqual({ ok: false, errors: { province: 'area.code' } });
    }
    expect(checkInput(areaQuerySchema, { province: '440000', city: 'x' })).toEqual({ ok: false, errors: { city: 'area.code' } });
  });

  test('a city needs its province', () => {
    expect(checkInput(areaQuerySchema, { city: '440300' })).toEqual({ ok: false, errors: { province: 'area.provinceFirst' } });
  });
});
