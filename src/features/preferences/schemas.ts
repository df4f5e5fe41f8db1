/** The language and theme switches (no-JS forms POST /lang and /theme). */
import * as v from 'valibot';
import { LOCALES } from '~/lib/types';

export const langFormSchema = v.object({ lang: v.picklist(LOCALES, 'validate.invalid') });

/** Anything but 'dark' means light, as the switch has always read it. */
export const themeFormSchema = v.object({
  theme: v.optional(
    v.pipe(
      v.unknown(),
      v.transform((t) => (t === 'dark' ? 'dark' : 'light')),
    ),
    'light',
  ),
});
