/**
 * Texts of the order pages (member and operator), per language (`defineTexts`, decision 0014).
 * Status names are shared with exports (features/orders/labels); API errors come from the API's
 * messages. The detail, form and operator pages' parts live in their own files; this one holds the
 * shared names and the lists, and joins the parts into one table per language. The public product
 * pages' texts are the products area's (`~/features/products/texts`).
 */
import { defineTexts } from '~/lib/texts';
import { ORDER_DETAIL_TEXT } from './detail';
import { ORDER_FORM_TEXT } from './form';
import { ORDER_OPERATOR_TEXT } from './operator';

const zh = {
  titles: {
    guzhu: '雇主责任险',
    tuanyi: '团体意外险',
    anze: '安全生产责任险',
    personal: '个人保单',
    withoutDetail: '无明细保单',
    groupDetail: '团单详情',
    underwriting: '核保队列',
    products: '产品方案',
    newOrder: '投保',
  },
  products: { guzhu: '雇主责任险', tuanyi: '团体意外险', anze: '安全生产责任险', personal: '个人意外险' } as Record<string, string>,
  status: {
    unpaid: '待支付',
    paid: '已支付',
    underwriting: '核保中',
    effective: '保障中',
    expired: '已到期',
    cancelled: '已取消',
    refused: '已拒保',
    surrendered: '已退保',
  } as Record<string, string>,
  filters: {
    label: '筛选保单',
    status: '状态',
    all: '全部',
    keyword: '关键词',
    keywordHint: '订单号、保单号或投保人',
    start: '起保日期从',
    end: '起保日期至',
    perPage: '每页',
    apply: '查询',
    reset: '重置',
    bad: '筛选条件有误，已显示全部保单。',
  },
  table: {
    count: '共 {n} 张保单',
    count_one: '共 {n} 张保单',
    orderNo: '订单号 / 保单号',
    type: '险种',
    plan: '方案',
    status: '状态',
    period: '保险期间',
    insured: '人数',
    premium: '保费',
    created: '下单时间',
    view: '查看',
    actions: '操作',
    empty: '还没有保单。',
    emptyFiltered: '没有符合条件的保单。',
    pastEnd: '这一页没有记录了。',
    people: '{n} 人',
    noList: '不记名',
  },
  actions: {
    add: '投保',
    export: '导出',
    pay: '支付',
    cancel: '取消订单',
    surrender: '退保',
    policy: '下载保单',
    exportInsured: '导出清单',
    back: '返回列表',
    endorse: '批改',
  },
  tabs: { label: '按状态查看保单', unpaid: '待支付', expired: '已结束' } as Record<string, string>,
  ...ORDER_DETAIL_TEXT['zh-cn'],
  ...ORDER_FORM_TEXT['zh-cn'],
  ...ORDER_OPERATOR_TEXT['zh-cn'],
};

type Texts = typeof zh;

const en: Texts = {
  titles: {
    guzhu: "Employer's liability",
    tuanyi: 'Group accident',
    anze: 'Work-safety liability',
    personal: 'Personal policies',
    withoutDetail: 'Policies without list',
    groupDetail: 'Group order details',
    underwriting: 'Underwriting',
    products: 'Products',
    newOrder: 'New application',
  },
  products: { guzhu: "Employer's liability", tuanyi: 'Group accident', anze: 'Work-safety liability', personal: 'Personal accident' },
  status: {
    unpaid: 'Unpaid',
    paid: 'Paid',
    underwriting: 'Underwriting',
    effective: 'In force',
    expired: 'Expired',
    cancelled: 'Cancelled',
    refused: 'Refused',
    surrendered: 'Surrendered',
  },
  filters: {
    label: 'Filter policies',
    status: 'Status',
    all: 'All',
    keyword: 'Keyword',
    keywordHint: 'Order no., policy no. or policyholder',
    start: 'Starting from',
    end: 'Starting until',
    perPage: 'Per page',
    apply: 'Search',
    reset: 'Reset',
    bad: 'Some filters were invalid: showing all policies.',
  },
  table: {
    count: '{n} policies',
    count_one: '{n} policy',
    orderNo: 'Order / policy no.',
    type: 'Type',
    plan: 'Plan',
    status: 'Status',
    period: 'Period',
    insured: 'People',
    premium: 'Premium',
    created: 'Placed',
    view: 'View',
    actions: 'Actions',
    empty: 'No policies yet.',
    emptyFiltered: 'No policies match these filters.',
    pastEnd: 'Nothing on this page.',
    people: '{n} people',
    noList: 'no list',
  },
  actions: {
    add: 'New application',
    export: 'Export',
    pay: 'Pay',
    cancel: 'Cancel order',
    surrender: 'Surrender',
    policy: 'Download policy',
    exportInsured: 'Export list',
    back: 'Back to the list',
    endorse: 'Endorse',
  },
  tabs: { label: 'Policies by status', unpaid: 'To pay', expired: 'Ended' },
  ...ORDER_DETAIL_TEXT.en,
  ...ORDER_FORM_TEXT.en,
  ...ORDER_OPERATOR_TEXT.en,
};

export type OrderTexts = Texts;

/** The order pages' texts in a language: `orderText(locale).detail.notFound`. */
export const orderText = defineTexts('orders', { 'zh-cn': zh, en });

/** `{name}` placeholders filled in. */
export { interpolate as fill } from '~/lib/interpolate';
