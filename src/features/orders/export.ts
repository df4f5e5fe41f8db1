/** CSV exports (UTF-8 with a BOM, CRLF, formula-safe text): an order list with its filters, an order's insured list. */
import { fenToYuan } from '~/lib/money';
import type { Db } from '~/server/db/client';
import type { Locale } from '~/lib/types';
import { listInsured } from './insured';
import { listOrders } from './list';
import { displayStatus, type OrderRecord } from './records';
import type { OrderListQuery } from './schemas';
import { toCsv } from './sheet';
import { statusLabel } from './labels';

/** At most this many orders per export (newest first). */
export const EXPORT_MAX = 10_000;

/** An order list (the page's filters, every page) as CSV. */
export async function exportOrdersCsv(db: Db, userId: number, q: OrderListQuery, today: string, locale: Locale): Promise<string> {
  const zh = locale === 'zh-cn';
  const head = zh
    ? ['订单号', '保单号', '险种', '方案', '状态', '起保日期', '终保日期', '人数', '保费', '投保人']
    : ['Order no.', 'Policy no.', 'Type', 'Plan', 'Status', 'Start', 'End', 'Insured', 'Premium', 'Policyholder'];
  const rows: (string | number)[][] = [head];
  for (let page = 1; (page - 1) * 100 < EXPORT_MAX; page++) {
    const { list } = await listOrders(db, userId, { ...q, page, limit: 100 }, today);
    for (const o of list) {
      rows.push([
        o.orderNo,
        o.policyNo ?? '',
        o.product,
        locale === 'en' ? o.planNameEn : o.planName,
        statusLabel(displayStatus(o, today), locale),
        o.startDate,
        o.endDate,
        o.insuredCount,
        fenToYuan(o.premium),
        o.holderName,
      ]);
    }
    if (list.length < 100) break;
  }
  return toCsv(rows);
}

/** Every insured row of an order (full ID numbers: the member's own people) as CSV. */
export async function exportInsuredCsv(db: Db, order: OrderRecord, locale: Locale): Promise<string> {
  const zh = locale === 'zh-cn';
  const head = zh
    ? ['序号', '姓名', '身份证号', '性别', '出生日期', '职业类别', '保障起期', '保障止期']
    : ['No.', 'Name', 'ID number', 'Gender', 'Birthday', 'Class', 'Active from', 'Active to'];
  const rows: (string | number)[][] = [head];
  let n = 0;
  for (let page = 1; ; page++) {
    const { list } = await listInsured(db, order.id, { page, limit: 1000 });
    for (const r of list) {
      n++;
      // The ID number as text with a tab-free apostrophe-free form: spreadsheets keep every digit when quoted.
      rows.push([n, r.name, r.idNo, r.gender === 1 ? (zh ? '男' : 'M') : zh ? '女' : 'F', r.birthday, r.class, r.activeFrom, r.activeTo]);
    }
    if (list.length < 1000) break;
  }
  return toCsv(rows);
}
