/**
 * The policy PDF (GET /order/policy): policyholder, plan, limits, period, premium, insured count,
 * and the insured list as an annex; Chinese text in the embedded CJK font (subset) from npm.
 */
import { netPremium, premiumHistory } from '~/features/ledger';
import { mixPremium } from '~/features/products';
import { rgb } from '@cantoo/pdf-lib';
import { maskResidentId } from '~/lib/cn-id';
import { fenToYuan } from '~/lib/money';
import { newPdf } from '~/server/pdf';
import type { Db } from '~/server/db/client';
import { listInsured } from './insured';
import { displayStatus, type OrderRecord } from './records';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const grey = rgb(0.42, 0.45, 0.5);
const ink = rgb(0.1, 0.12, 0.16);
const STATUS_ZH: Record<string, string> = { effective: '有效', expired: '已到期', surrendered: '已退保' };
const PRODUCT_ZH: Record<string, string> = { guzhu: '雇主责任险', tuanyi: '团体意外险', anze: '安全生产责任险', personal: '个人意外险' };

const yuan = (fen: number) => {
  const [int, frac] = fenToYuan(fen).split('.');
  return `¥${int.replace(/\B(?=(\d{3})+$)/g, ',')}.${frac}`;
};

/** The policy document of an order with a policy number. */
export async function policyPdf(db: Db, order: OrderRecord, today: string): Promise<Uint8Array> {
  const { doc, font } = await newPdf();
  doc.setTitle(`保险单 ${order.policyNo ?? ''}`);
  doc.setAuthor('保险经纪会员中心');
  doc.setSubject(`${PRODUCT_ZH[order.product]} ${order.planName}`);
  let page = doc.addPage(A4);
  let y = A4[1] - MARGIN;
  const text = (s: string, x: number, size = 10.5, color = ink) => page.drawText(s, { x, y, size, font, color });
  const line = () => {
    page.drawLine({ start: { x: MARGIN, y: y + 4 }, end: { x: A4[0] - MARGIN, y: y + 4 }, thickness: 0.6, color: rgb(0.8, 0.82, 0.86) });
  };

  text(`${PRODUCT_ZH[order.product]} 保险单`, MARGIN, 20);
  y -= 22;
  text(`Policy of ${order.product} insurance · ${order.planNameEn}`, MARGIN, 10, grey);
  y -= 26;
  const field = (label: string, value: string) => {
    text(label, MARGIN, 10, grey);
    text(value, MARGIN + 110, 10.5);
    y -= 18;
  };
  field('保单号', order.policyNo ?? '—');
  field('订单号', order.orderNo);
  field('状态', STATUS_ZH[displayStatus(order, today)] ?? displayStatus(order, today));
  y -= 4;
  line();
  y -= 14;
  const h = order.policyholder;
  field('投保人', h.name);
  if (h.credit_code) field('统一社会信用代码', h.credit_code);
  field('联系人', `${h.contact}  ${h.mobile}`);
  if (h.address) field('地址', h.address);
  y -= 4;
  line();
  y -= 14;
  field('保障方案', `${PRODUCT_ZH[order.product]} · ${order.planName}`);
  const priced = mixPremium(order.plan, order.months, order.classMix);
  if (priced.lines.length > 1) {
    // One line per class, as it was priced.
    for (const [i, l] of priced.lines.entries()) {
      field(
        i === 0 ? (order.product === 'anze' ? '行业风险档次' : '职业类别') : '',
        `${l.class} 类 × ${l.people} 人 × ${yuan(l.perPerson)} = ${yuan(l.subtotal)}`,
      );
    }
  } else field(order.product === 'anze' ? '行业风险档次' : '职业类别', `${priced.lines[0]?.class ?? order.class} 类`);
  field('保险期间', `${order.startDate} 零时起至 ${order.endDate} 二十四时止（${order.months} 个月）`);
  field(order.namedList ? '被保险人数' : '投保人数', `${order.insuredCount} 人${order.namedList ? '（见附件清单）' : '（不记名）'}`);
  if (priced.lines.length <= 1) field('每人保费', `${yuan(priced.lines[0]?.perPerson ?? order.perPerson)}（年费率 × ${order.rate}%）`);
  field('保费合计', yuan(order.premium));
  // The premium account after the first premium: endorsements and refunds, then the net paid.
  const KIND_ZH: Record<string, string> = {
    endorse_charge: '批改加保保费',
    endorse_refund: '批改减保退费',
    endorse_reversal: '批改保费退回',
    surrender_refund: '退保退费',
    refusal_refund: '拒保退费',
  };
  const moves = (await premiumHistory(db.sql, order.id)).filter((e) => e.kind !== 'premium');
  for (const e of moves) {
    field(
      KIND_ZH[e.kind] ?? e.kind,
      `${e.amount > 0 ? '+' : '−'}${yuan(Math.abs(e.amount))}${e.effectiveDate ? `（${e.effectiveDate} 起）` : ''}`,
    );
  }
  if (moves.length) field('净保费', yuan(await netPremium(db.sql, order.id)));
  y -= 4;
  line();
  y -= 14;
  text(order.product === 'anze' ? '责任限额（每次事故）' : '保障责任及限额（每人）', MARGIN, 12);
  y -= 20;
  for (const l of order.plan.limits ?? []) {
    text(l.label, MARGIN + 10, 10.5);
    text(yuan(l.amount), MARGIN + 280, 10.5);
    y -= 17;
  }
  y -= 20;
  text('本保单由保险经纪会员中心代为出具，以保险人核保结果为准。被保险人清单以附件为准，批改后以最新批单为准。', MARGIN, 8.5, grey);
  y -= 13;
  text('This policy is issued through the broker portal; the insurer’s underwriting decision prevails.', MARGIN, 8.5, grey);

  if (order.namedList) {
    const PER_PAGE = 40;
    let n = 0;
    const { total } = await listInsured(db, order.id, { limit: 1 });
    const pages = Math.max(1, Math.ceil(total / PER_PAGE));
    for (let p = 1; p <= pages; p++) {
      const { list } = await listInsured(db, order.id, { page: p, limit: PER_PAGE });
      page = doc.addPage(A4);
      y = A4[1] - MARGIN;
      text(`附件：被保险人清单（第 ${p}/${pages} 页，共 ${total} 人）`, MARGIN, 13);
      y -= 14;
      text(`保单号 ${order.policyNo ?? ''}`, MARGIN, 9, grey);
      y -= 22;
      const cols = [MARGIN, MARGIN + 40, MARGIN + 130, MARGIN + 280, MARGIN + 320, MARGIN + 360];
      const heads = ['序号', '姓名', '证件号码（脱敏）', '性别', '类别', '保障期间'];
      for (const [i, t] of heads.entries()) page.drawText(t, { x: cols[i], y, size: 9.5, font, color: grey });
      y -= 6;
      line();
      y -= 12;
      for (const r of list) {
        n++;
        const cells = [
          String(n),
          r.name,
          maskResidentId(r.idNo),
          r.gender === 1 ? '男' : '女',
          String(r.class),
          `${r.activeFrom} ~ ${r.activeTo}`,
        ];
        for (const [i, t] of cells.entries()) page.drawText(t, { x: cols[i], y, size: 9.5, font, color: ink });
        y -= 16;
      }
    }
  }
  return doc.save();
}
