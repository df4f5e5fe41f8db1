/** Texts of the operators' claim pages: the review queue and the review actions, per language. */
import type { Locale } from '~/lib/types';

const zh = {
  operator: {
    queueLead: '未结案的理赔，按报案时间从早到晚排列。',
    counts: '各状态数量',
    open: '未结案',
    startReview: '开始审核',
    requestDocuments: '要求补充材料',
    kinds: '需要补充的材料',
    note: '说明',
    approve: '核赔',
    approvedAmount: '核定金额（元）',
    approveConfirm: '确认按该金额核赔？',
    reject: '拒赔',
    rejectReason: '拒赔原因',
    rejectConfirm: '确认拒赔？',
    markPaid: '登记赔付',
    paymentRef: '转账流水号',
    paidAt: '赔付日期',
    payConfirm: '确认已由保险公司转账赔付？',
    member: '报案会员',
    back: '返回审核队列',
    none: '当前没有可执行的操作。',
  },
};

const en: typeof zh = {
  operator: {
    queueLead: 'Open claims, oldest report first.',
    counts: 'Claims per status',
    open: 'Open',
    startReview: 'Start review',
    requestDocuments: 'Ask for documents',
    kinds: 'Documents needed',
    note: 'Note',
    approve: 'Approve',
    approvedAmount: 'Approved amount (CNY)',
    approveConfirm: 'Approve the claim for this amount?',
    reject: 'Reject',
    rejectReason: 'Reason',
    rejectConfirm: 'Reject the claim?',
    markPaid: 'Record payment',
    paymentRef: 'Transfer reference',
    paidAt: 'Paid on',
    payConfirm: 'Has the insurer paid this claim by bank transfer?',
    member: 'Member',
    back: 'Back to the queue',
    none: 'Nothing to do on this claim now.',
  },
};

/** The operator pages' texts per language (part of claimText). */
export const CLAIM_OPERATOR_TEXT = { 'zh-cn': zh, en } satisfies Record<Locale, typeof zh>;
