/**
 * Texts of the claim pages and the operator's claim pages, per language
 * (`defineTexts`, decision 0014).
 * Status, type and document names come from the claims API messages (one source for both). The
 * report wizard's and the operator pages' parts live in their own files; claimText joins them.
 */
import { apiMessage } from '~/features/_shared/messages';
import { defineTexts } from '~/lib/texts';
import type { Locale } from '~/lib/types';
import { CLAIM_OPERATOR_TEXT } from './operator';
import { CLAIM_REPORT_TEXT } from './report';

const zh = {
  titles: { list: '理赔列表', detail: '理赔详情', queue: '理赔审核', review: '理赔审核详情' },
  filters: {
    label: '筛选理赔',
    status: '状态',
    type: '出险类型',
    keyword: '关键词',
    keywordHint: '理赔编号、出险人或保单号',
    start: '报案日期起',
    end: '报案日期止',
    perPage: '每页',
    all: '全部',
    apply: '查询',
    export: '导出',
    reset: '重置',
    bad: '筛选条件有误，已显示全部理赔。',
  },
  table: {
    claimNo: '理赔编号',
    status: '状态',
    type: '出险类型',
    policyNo: '保单号',
    insured: '出险人',
    accidentDate: '出险日期',
    estimated: '预估金额',
    approved: '核定金额',
    reportedAt: '报案时间',
    view: '查看',
    upload: '上传材料',
    actions: '操作',
    tabs: '按状态查看理赔',
    count: '共 {n} 件',
    count_one: '共 {n} 件',
    empty: '还没有理赔记录。',
    emptyFiltered: '没有符合条件的理赔。',
    pastEnd: '这一页没有记录了。',
  },
  ...CLAIM_REPORT_TEXT['zh-cn'],
  detail: {
    back: '返回理赔列表',
    summary: '理赔信息',
    policy: '保单',
    insured: '出险人',
    idNo: '身份证号码',
    place: '出险地点',
    description: '事故经过',
    hospital: '就诊医院',
    estimated: '预估金额',
    approved: '核定金额',
    reason: '原因',
    payment: '赔付登记',
    paidAt: '赔付日期',
    reportedAt: '报案时间',
    checklist: '理赔材料',
    checklistHint: '带 * 的为必传材料；每类最多 20 个文件。',
    missing: '未上传',
    uploaded: '已上传',
    requested: '需补充',
    optional: '选传',
    requestNote: '补充材料说明',
    upload: '上传',
    remove: '删除',
    actions: '操作',
    resubmit: '重新提交材料',
    resubmitNote: '补充说明（选填）',
    resubmitConfirm: '确认材料已补充完整并重新提交？',
    withdraw: '撤销理赔',
    withdrawReason: '撤销原因',
    withdrawConfirm: '撤销后本次理赔将结案，确认撤销？',
    timeline: '处理进度',
    steps: { label: '理赔进度', reported: '报案', documents: '材料', review: '审核', settled: '结案赔付' },
    member: '会员',
    operator: '运营',
    noNote: '',
    notFound: '没有找到这件理赔，或者您无权查看。',
  },
  ...CLAIM_OPERATOR_TEXT['zh-cn'],
  form: { saving: '提交中…', required: '必填' },
};

type Texts = typeof zh;

const en: Texts = {
  titles: { list: 'Claims', detail: 'Claim details', queue: 'Claim review', review: 'Claim review details' },
  filters: {
    label: 'Filter claims',
    status: 'Status',
    type: 'Type',
    keyword: 'Keyword',
    keywordHint: 'Claim no., insured person or policy no.',
    start: 'Reported from',
    end: 'Reported to',
    perPage: 'Per page',
    all: 'All',
    apply: 'Search',
    export: 'Export',
    reset: 'Reset',
    bad: 'Some filters were invalid; showing all claims.',
  },
  table: {
    claimNo: 'Claim no.',
    status: 'Status',
    type: 'Type',
    policyNo: 'Policy no.',
    insured: 'Insured person',
    accidentDate: 'Accident date',
    estimated: 'Estimated',
    approved: 'Approved',
    reportedAt: 'Reported at',
    view: 'View',
    upload: 'Upload documents',
    actions: 'Actions',
    tabs: 'Claims by status',
    count: '{n} claims',
    count_one: '{n} claim',
    empty: 'No claims yet.',
    emptyFiltered: 'No claims match these filters.',
    pastEnd: 'There is nothing on this page.',
  },
  ...CLAIM_REPORT_TEXT.en,
  detail: {
    back: 'Back to claims',
    summary: 'Claim',
    policy: 'Policy',
    insured: 'Insured person',
    idNo: 'ID number',
    place: 'Where',
    description: 'What happened',
    hospital: 'Hospital',
    estimated: 'Estimated',
    approved: 'Approved',
    reason: 'Reason',
    payment: 'Payment',
    paidAt: 'Paid on',
    reportedAt: 'Reported at',
    checklist: 'Documents',
    checklistHint: 'Kinds marked * are required; at most 20 files per kind.',
    missing: 'Missing',
    uploaded: 'Uploaded',
    requested: 'Requested',
    optional: 'Optional',
    requestNote: 'What the reviewer needs',
    upload: 'Upload',
    remove: 'Remove',
    actions: 'Actions',
    resubmit: 'Resubmit documents',
    resubmitNote: 'Note (optional)',
    resubmitConfirm: 'Send the claim back for review with these documents?',
    withdraw: 'Withdraw the claim',
    withdrawReason: 'Reason',
    withdrawConfirm: 'Withdrawing closes this claim. Withdraw it?',
    timeline: 'Timeline',
    steps: { label: 'Claim progress', reported: 'Reported', documents: 'Documents', review: 'Review', settled: 'Settled' },
    member: 'Member',
    operator: 'Broker',
    noNote: '',
    notFound: 'This claim does not exist or is not yours.',
  },
  ...CLAIM_OPERATOR_TEXT.en,
  form: { saving: 'Sending…', required: 'Required' },
};

/** The claim pages' texts in a language: `claimText(locale).detail.back`. */
export const claimText = defineTexts('claims', { 'zh-cn': zh, en });
/** The claims texts in one language. */
export type ClaimText = ReturnType<typeof claimText>;

/** `{name}` placeholders filled in. */
export { interpolate as fill } from '~/lib/interpolate';

/** A claims API message (status, type, document kind, error) in a language. */
export const claimMessage = (locale: Locale, key: string, params?: Record<string, string | number>) => apiMessage(locale, key, params);
