import * as v from 'valibot';

/** List pages with an Export button rule (`<page>/export`). */
export const EXPORTABLE_PAGES = ['order/guzhu', 'order/tuanyi', 'claim/list'] as const;

/** GET /userapi/v1/order/export?type=order/guzhu */
export const exportQuerySchema = v.object({
  type: v.picklist(EXPORTABLE_PAGES, 'validate.invalid'),
});
