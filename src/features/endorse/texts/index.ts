/**
 * Texts of the endorsement and invoice pages (member and operator), per language (`defineTexts`,
 * decision 0014). The invoices area's screens use this table too (`~/features/endorse/texts`).
 * Error and status words that the API also says come from its messages (one source for both).
 */
import { defineTexts } from '~/lib/texts';
import { endorseEn } from './en';
import { type EndorseText, endorseZh } from './zh';

export type { EndorseText };

/** The texts of these pages in a language: `endorseText(locale).detail.back`. */
export const endorseText = defineTexts('endorse', { 'zh-cn': endorseZh, en: endorseEn });

/** `{name}` placeholders filled in. */
export { interpolate as fill } from '~/lib/interpolate';
export { type ReconcileText, reconcileText } from './reconcile';
