/**
 * Texts of the ledger lists (the balance and points pages of the account), per language
 * (`defineTexts`, decision 0014): `ledgerText(locale)[ledger]`, one table per ledger.
 */
import { defineTexts } from '~/lib/texts';

const zhMoney = {
  filters: '筛选',
  start: '开始日期',
  end: '结束日期',
  kind: '类型',
  allKinds: '全部类型',
  perPage: '每页条数',
  apply: '筛选',
  reset: '重置',
  badFilters: '筛选条件无效，已显示全部记录。',
  entries: '余额流水',
  count: '共 {n} 条',
  count_one: '共 {n} 条',
  sum: '合计变动',
  empty: '暂无记录',
  pastEnd: '这一页没有记录，请返回上一页。',
  time: '时间',
  amount: '变动金额（元）',
  after: '变动后余额（元）',
  memo: '说明',
  export: '导出 CSV',
  loading: '正在加载记录…',
  kinds: { topup: '充值', payment: '支付', refund: '退款', allocation: '分配', adjust: '调整' },
};

const enMoney: typeof zhMoney = {
  filters: 'Filters',
  start: 'From',
  end: 'To',
  kind: 'Kind',
  allKinds: 'All kinds',
  perPage: 'Per page',
  apply: 'Filter',
  reset: 'Reset',
  badFilters: 'The filters were not valid, so every entry is shown.',
  entries: 'Balance entries',
  count: '{n} entries',
  count_one: '{n} entry',
  sum: 'Net change',
  empty: 'No entries yet',
  pastEnd: 'This page has no entries; go back a page.',
  time: 'Time',
  amount: 'Amount (CNY)',
  after: 'Balance after (CNY)',
  memo: 'Details',
  export: 'Export CSV',
  loading: 'Loading entries…',
  kinds: { topup: 'Top-up', payment: 'Payment', refund: 'Refund', allocation: 'Allocation', adjust: 'Adjustment' },
};

export const ledgerText = defineTexts('ledger', {
  'zh-cn': {
    money: zhMoney,
    score: {
      ...zhMoney,
      entries: '积分流水',
      amount: '变动积分',
      after: '变动后积分',
      kinds: { topup: '充值', payment: '抵扣', refund: '退回', allocation: '赠送', adjust: '调整' },
    },
  },
  en: {
    money: enMoney,
    score: {
      ...enMoney,
      entries: 'Points entries',
      amount: 'Points',
      after: 'Points after',
      kinds: { topup: 'Top-up', payment: 'Spent', refund: 'Returned', allocation: 'Earned', adjust: 'Adjustment' },
    },
  },
});

export type LedgerText = ReturnType<typeof ledgerText>['money'];
