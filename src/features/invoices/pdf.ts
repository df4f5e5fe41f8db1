/** The generated e-invoice PDF (when the operator uploads none): seller, buyer, items, amount with 6 % VAT. */
import { textDoc } from '~/features/endorse';
import { fenToYuan } from '~/lib/money';
import { type Db, num } from '~/server/db/client';
import type { Invoice } from './records';
import { splitVat } from './vat';

/** The invoice's bytes. */
export async function invoicePdf(db: Db, inv: Invoice, invoiceNo: string): Promise<Uint8Array> {
  const items = await db.sql`SELECT * FROM invoice_item WHERE invoice_id = ${inv.id} ORDER BY id`;
  const { net, tax } = splitVat(inv.amount);
  const doc = await textDoc({ title: `电子发票 ${invoiceNo}`, subject: 'VAT e-invoice' });
  doc.title(inv.kind === 'special' ? '增值税专用发票（电子）VAT special invoice' : '增值税普通发票（电子）VAT invoice');
  doc.pair('发票号码 No.', invoiceNo);
  doc.pair('申请号 Request', inv.applyNo);
  doc.pair('购买方 Buyer', inv.title);
  if (inv.taxpayerId) doc.pair('纳税人识别号 Tax ID', inv.taxpayerId);
  if (inv.kind === 'special') {
    doc.pair('地址电话 Address', `${inv.address} ${inv.phone}`);
    doc.pair('开户行账号 Bank', `${inv.bank} ${inv.account}`);
  }
  doc.gap();
  const widths = [200, 90, 90, 60, 55];
  doc.row(['项目 Item', '金额 Net', '税额 Tax', '税率 Rate', ''], widths, true);
  for (const it of items) {
    const part = splitVat(num(it.amount));
    doc.row([`*保险服务*保险费 ${String(it.ref_no)}`, fenToYuan(part.net), fenToYuan(part.tax), '6%', ''], widths);
  }
  doc.gap();
  doc.pair('合计 Net', fenToYuan(net));
  doc.pair('税额 VAT 6%', fenToYuan(tax));
  doc.pair('价税合计 Total', `${fenToYuan(inv.amount)} 元 CNY`);
  doc.gap();
  doc.line('销售方：会员门户保险经纪有限公司 Seller: Member Portal Insurance Brokers Ltd.', 9);
  return doc.save();
}
