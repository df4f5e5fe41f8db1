import * as v from 'valibot';

/** A GB/T 2260 division code: six digits, the first not 0 (`110000`, `440300`, `440305`). */
export const AREA_CODE = /^[1-9]\d{5}$/;

/** Absent and `''` both mean "not given" (the reference's client sends `province=&city=`). */
const CODE = 'area.code';
const areaCode = v.optional(v.union([v.literal('', CODE), v.pipe(v.string(CODE), v.regex(AREA_CODE, CODE))], CODE), '');

/**
 * GET /userapi/v1/index/area?province=&city=: no code → provinces, `province` → its cities,
 * `province` and `city` → the city's districts. A `city` without its `province` is refused
 * (the reference silently answered provinces).
 */
export const areaQuerySchema = v.pipe(
  v.object({ province: areaCode, city: areaCode }),
  v.forward(
    v.check((q) => q.city === '' || q.province !== '', 'area.provinceFirst'),
    ['province'],
  ),
);

export type AreaQuery = v.InferOutput<typeof areaQuerySchema>;
