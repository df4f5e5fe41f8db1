import * as v from 'valibot';
import { flag } from '~/lib/schema';

/** GET /userapi/v1/index/index?requiredLogin=0|1&signature=… */
export const indexQuerySchema = v.object({
  requiredLogin: flag(),
  signature: v.optional(v.pipe(v.string('validate.invalid'), v.maxLength(2000, 'validate.invalid'))),
});
