/** Status names for exports and PDFs: the same names the pages show (the area's text table). */
import type { Locale } from '~/lib/types';
import { orderText } from './texts';

export function statusLabel(status: string, locale: Locale): string {
  return orderText(locale).status[status] ?? status;
}
