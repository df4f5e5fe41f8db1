/** Status and product names for exports and PDFs (pages use their own text table). */
import type { Locale } from '~/lib/types';

const STATUS: Record<Locale, Record<string, string>> = {
  'zh-cn': {
    unpaid: '待支付',
    paid: '已支付',
    underwriting: '核保中',
    effective: '保障中',
    expired: '已到期',
    cancelled: '已取消',
    refused: '已拒保',
    surrendered: '已退保',
  },
  en: {
    unpaid: 'Unpaid',
    paid: 'Paid',
    underwriting: 'Underwriting',
    effective: 'In force',
    expired: 'Expired',
    cancelled: 'Cancelled',
    refused: 'Refused',
    surrendered: 'Surrendered',
  },
};

export function statusLabel(status: string, locale: Locale): string {
  return STATUS[locale]?.[status] ?? status;
}
