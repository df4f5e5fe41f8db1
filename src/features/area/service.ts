/**
 * China's provinces, cities and districts (GB/T 2260 codes) for the cascading area picker.
 *
 * The data comes from `@vant/area-data` (the Vant UI team's province/city/county table, kept up to
 * date with the Ministry of Civil Affairs' code list). It is loaded on the first call, not at server
 * start, and indexed once per process by parent code. Its shape, and where it departs from the
 * bare code list:
 * - every province has cities and every city has districts, so a picker always has three levels:
 *   a municipality's one city carries its own name (北京市 110000 → 北京市 110100 → 东城区 110101), and
 *   the province-administered county-level cities sit under a 省直辖县 / 自治区直辖县级行政区划 city
 *   (湖北 429000 → 仙桃市 429004);
 * - the four prefecture-level cities without districts (东莞 441900, 中山 442000, 儋州 460400,
 *   嘉峪关 620200) list their towns under codes the package assigns (441901 中堂镇 …), as do
 *   Taiwan, Hong Kong and Macao (710000, 810000, 820000): these are not GB/T 2260 codes.
 * Names are the official Chinese ones in every language: the package has no English or pinyin names.
 */

/** One choice of the picker: the division code and its name. */
export interface AreaOption {
  value: string;
  label: string;
}

interface AreaIndex {
  provinces: AreaOption[];
  /** Province code → its cities; city code → its districts. */
  children: Map<string, AreaOption[]>;
}

type AreaList = { province_list: Record<string, string>; city_list: Record<string, string>; county_list: Record<string, string> };

let loaded: Promise<AreaIndex> | undefined;

const byCode = (a: AreaOption, b: AreaOption) => (a.value < b.value ? -1 : a.value > b.value ? 1 : 0);

/** Builds the index from the package's three flat tables; a child's parent is its code's prefix. */
export function indexAreas(list: AreaList): AreaIndex {
  const children = new Map<string, AreaOption[]>();
  const add = (parent: string, value: string, label: string) => {
    const siblings = children.get(parent);
    if (siblings) siblings.push({ value, label });
    else children.set(parent, [{ value, label }]);
  };
  const provinces = Object.entries(list.province_list).map(([value, label]) => ({ value, label }));
  const isProvince = new Set(provinces.map((p) => p.value));
  const isCity = new Set<string>();
  for (const [code, name] of Object.entries(list.city_list)) {
    const parent = `${code.slice(0, 2)}0000`;
    if (!isProvince.has(parent)) continue;
    add(parent, code, name);
    isCity.add(code);
  }
  for (const [code, name] of Object.entries(list.county_list)) {
    const parent = `${code.slice(0, 4)}00`;
    if (isCity.has(parent)) add(parent, code, name);
  }
  provinces.sort(byCode);
  for (const list of children.values()) list.sort(byCode);
  return { provinces, children };
}

/** The index, loaded and built on the first call of the process (later calls share it). */
export function loadAreaIndex(): Promise<AreaIndex> {
  if (!loaded) {
    loaded = import('@vant/area-data').then(({ areaList }) => indexAreas(areaList));
    // A failed load is tried again on the next call rather than remembered.
    loaded.catch(() => {
      loaded = undefined;
    });
  }
  return loaded;
}

/**
 * The choices one level down: no code → provinces; `province` → its cities; `province` and `city`
 * → that city's districts. A code that names no such division, or a city outside the given
 * province, answers an empty list (like the reference, and like a leaf of a cascader).
 */
export async function listAreas(query: { province?: string; city?: string }): Promise<AreaOption[]> {
  const { provinces, children } = await loadAreaIndex();
  const { province, city } = query;
  if (!province) return provinces;
  if (!provinces.some((p) => p.value === province)) return [];
  const cities = children.get(province) ?? [];
  if (!city) return cities;
  return cities.some((c) => c.value === city) ? (children.get(city) ?? []) : [];
}
