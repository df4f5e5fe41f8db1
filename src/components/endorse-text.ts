/**
 * Texts of the endorsement and invoice pages (member and operator), per language. Error and
 * status words that the API also says come from its messages (one source for both).
 */
import type { Locale } from '~/lib/types';
import { endorseEn } from './endorse-text-en';
import { type EndorseText, endorseZh } from './endorse-text-zh';

export type { EndorseText };

/** The texts of these pages in a language. */
export const endorseText = (locale: Locale): EndorseText => (locale === 'en' ? endorseEn : endorseZh);

/** `{name}` placeholders filled in. */
export { interpolate as fill } from '~/lib/interpolate';
