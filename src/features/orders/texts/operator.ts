/** Texts of the operators' order pages: the underwriting queue and plan editing, per language. */
import type { Locale } from '~/lib/types';

const zh = {
  operator: {
    queue: '待核保订单',
    member: '会员',
    holder: '投保人',
    paidAt: '支付时间',
    accept: '核保通过',
    refuse: '拒保',
    reason: '拒保原因',
    emptyQueue: '没有待核保的订单。',
    mode: '当前核保模式：{mode}',
    modes: { sandbox: '沙箱自动核保（{delay} 秒）', manual: '人工核保' } as Record<string, string>,
    save: '保存',
    onSale: '在售',
    offSale: '停售',
    nameEn: '英文名称',
    minMax: '人数范围',
    ageRange: '年龄范围',
    priceNote: '新价格只适用于之后创建的订单，已有订单保留下单时的价格。',
  },
};

const en: typeof zh = {
  operator: {
    queue: 'Orders waiting for underwriting',
    member: 'Member',
    holder: 'Policyholder',
    paidAt: 'Paid',
    accept: 'Accept',
    refuse: 'Refuse',
    reason: 'Reason for refusal',
    emptyQueue: 'Nothing waits for underwriting.',
    mode: 'Underwriting mode: {mode}',
    modes: { sandbox: 'sandbox, automatic after {delay} s', manual: 'manual' },
    save: 'Save',
    onSale: 'On sale',
    offSale: 'Withdrawn',
    nameEn: 'English name',
    minMax: 'People',
    ageRange: 'Ages',
    priceNote: 'New prices apply to orders placed from now on; existing orders keep the price they were placed at.',
  },
};

/** The operator pages' texts per language (part of orderText). */
export const ORDER_OPERATOR_TEXT = { 'zh-cn': zh, en } satisfies Record<Locale, typeof zh>;
