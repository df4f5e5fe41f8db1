/** Money on the endorsement pages. */
import { formatMoney } from '~/lib/format';

/** A yuan string as shown: thousands separated, a real minus sign. */
export const money = (s: string) => (s.startsWith('-') ? `−¥${formatMoney(s.slice(1))}` : `¥${formatMoney(s)}`);
