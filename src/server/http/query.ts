/**
 * Query string → object, with nested `name[key]=v` and list `name[]=v` forms (spec §7: the
 * client flattens nested params this way). Plain repeated keys keep the last value.
 */
export function parseNestedQuery(params: URLSearchParams): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [rawKey, value] of params) {
    const m = /^([^[\]]+)((?:\[[^[\]]*\])+)$/.exec(rawKey);
    if (!m) {
      if (rawKey !== '__proto__') out[rawKey] = value;
      continue;
    }
    const path = [m[1], ...[...m[2].matchAll(/\[([^[\]]*)\]/g)].map((x) => x[1])];
    let cur: Record<string, unknown> | unknown[] = out;
    for (let i = 0; i < path.length; i++) {
      const seg = path[i];
      const last = i === path.length - 1;
      if (Array.isArray(cur)) {
        if (last) cur.push(value);
        else {
          const next = path[i + 1] === '' ? [] : {};
          cur.push(next);
          cur = next;
        }
        continue;
      }
      if (seg === '__proto__' || seg === 'constructor' || seg === 'prototype') break;
      if (last) {
        cur[seg] = value;
      } else {
        const wantArray = path[i + 1] === '';
        const existing = cur[seg];
        if (wantArray ? !Array.isArray(existing) : typeof existing !== 'object' || existing === null || Array.isArray(existing)) {
          cur[seg] = wantArray ? [] : {};
        }
        cur = cur[seg] as Record<string, unknown> | unknown[];
      }
    }
  }
  return out;
}
