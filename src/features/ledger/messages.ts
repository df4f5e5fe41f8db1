/** Messages of the balance and points ledgers, per language (merged into the API's table). */
export default {
  'zh-cn': {
    ledger: {
      insufficientBalance: '余额不足，本次变动未执行',
      insufficientPoints: '积分不足，本次变动未执行',
      amountInvalid: '变动金额必须是非零整数',
      kindInvalid: '未知的记录类型',
      dateInvalid: '请输入 1900-01-01 至 2999-12-31 之间的有效日期（YYYY-MM-DD）',
      rangeInvalid: '结束日期不能早于开始日期',
      csv: {
        file: { money: '余额明细', score: '积分明细' },
        time: '时间',
        kind: '类型',
        amount: { money: '变动金额（元）', score: '变动积分' },
        before: { money: '变动前余额（元）', score: '变动前积分' },
        after: { money: '变动后余额（元）', score: '变动后积分' },
        memo: '说明',
        reference: '关联单号',
        kinds: {
          money: { topup: '充值', payment: '支付', refund: '退款', allocation: '分配', adjust: '调整' },
          score: { topup: '充值', payment: '消费', refund: '退回', allocation: '获得', adjust: '调整' },
        },
      },
    },
  },
  en: {
    ledger: {
      insufficientBalance: 'Insufficient balance: nothing was changed',
      insufficientPoints: 'Not enough points: nothing was changed',
      amountInvalid: 'The amount must be a non-zero whole number',
      kindInvalid: 'Unknown entry kind',
      dateInvalid: 'Enter a real date from 1900-01-01 to 2999-12-31 (YYYY-MM-DD)',
      rangeInvalid: 'The end date cannot be before the start date',
      csv: {
        file: { money: 'balance-log', score: 'points-log' },
        time: 'Time',
        kind: 'Kind',
        amount: { money: 'Amount (CNY)', score: 'Points' },
        before: { money: 'Balance before (CNY)', score: 'Points before' },
        after: { money: 'Balance after (CNY)', score: 'Points after' },
        memo: 'Details',
        reference: 'Reference',
        kinds: {
          money: { topup: 'Top-up', payment: 'Payment', refund: 'Refund', allocation: 'Allocation', adjust: 'Adjustment' },
          score: { topup: 'Top-up', payment: 'Spent', refund: 'Returned', allocation: 'Earned', adjust: 'Adjustment' },
        },
      },
    },
  },
};
