/**
 * A ledger entry in the reader's language: entries store a topic and its values (`params`), never
 * prose; this renders them for pages, CSVs and the API. Plan names come in both languages from the
 * order's snapshot; a member's or operator's own words (`note`) are data and stay as written.
 */
import { interpolate } from '~/lib/interpolate';
import type { Locale } from '~/lib/types';
import type { LedgerEntry } from './service';

const TOPICS: Record<Locale, Record<string, string>> = {
  'zh-cn': {
    'order.pay': '{plan} 保费（{no}）',
    'order.surrender': '{plan} 退保退费（{no}）',
    'order.refusal': '{plan} 拒保退费（{no}）',
    'endorse.charge': '批改保费（保单 {no}，批改申请 {apply}）',
    'endorse.refund': '批改退费（批单 {endorse}）',
    'endorse.reversal': '批改保费退回（批改申请 {apply}）',
    topup: '充值（{ref}）',
    'team.allocateTo': '分配给子账号 {account}',
    'team.reclaimFrom': '从子账号 {account} 收回',
    'team.allocatedBy': '主账号分配',
    'team.reclaimedBy': '主账号收回',
    opening: '期初余额',
    'order.renewal': '{plan} 续保保费（{no}）',
    'points.earned': '投保积分（{no}）',
    'points.spent': '积分抵扣服务费（{no}）',
    'seal.fee': '文件签章服务费（{no}）',
    note: '：',
  },
  en: {
    'order.pay': 'Premium, {plan} ({no})',
    'order.surrender': 'Surrender refund, {plan} ({no})',
    'order.refusal': 'Refund after the insurer declined, {plan} ({no})',
    'endorse.charge': 'Endorsement premium (policy {no}, request {apply})',
    'endorse.refund': 'Endorsement refund (endorsement {endorse})',
    'endorse.reversal': 'Endorsement premium returned (request {apply})',
    topup: 'Top-up ({ref})',
    'team.allocateTo': 'Allocation to {account}',
    'team.reclaimFrom': 'Reclaimed from {account}',
    'team.allocatedBy': 'Allocated by the main account',
    'team.reclaimedBy': 'Reclaimed by the main account',
    opening: 'Opening balance',
    'order.renewal': 'Renewal premium, {plan} ({no})',
    'points.earned': 'Points for policy {no}',
    'points.spent': 'Points used for a service fee ({no})',
    'seal.fee': 'Document sealing fee ({no})',
    note: ': ',
  },
};

/** The entry's text in a language: its topic with its values, then the note (if any). */
export function describeEntry(locale: Locale, e: Pick<LedgerEntry, 'params' | 'memo'>): string {
  const table = TOPICS[locale] ?? TOPICS['zh-cn'];
  const p = e.params ?? {};
  const topic = typeof p.t === 'string' ? table[p.t] : undefined;
  const note = typeof p.note === 'string' ? p.note : '';
  if (!topic) return note || e.memo;
  const values: Record<string, string | number> = { ...p };
  if (locale === 'en' && typeof p.plan_en === 'string' && p.plan_en) values.plan = p.plan_en;
  const text = interpolate(topic, values);
  return note ? `${text}${table.note}${note}` : text;
}

/** The parts of an entry's text that are data (a note someone typed; an old entry's prose memo). */
export function entryData(e: Pick<LedgerEntry, 'params' | 'memo'>): string[] {
  const p = e.params ?? {};
  const note = typeof p.note === 'string' ? p.note : '';
  return typeof p.t === 'string' ? [note] : [note, e.memo];
}

/** A reference worth showing beside the text (internal keys such as `team_transfer:2` are not). */
export function visibleReference(reference: string): string {
  return /^[a-z_]+:\d+$/.test(reference) || reference === 'seed' ? '' : reference;
}
