/** Messages of the balance and points ledgers, per language (merged into the API's table). */
export default {
  'zh-cn': {
    ledger: {
      insufficientBalance: '余额不足，本次变动未执行',
      insufficientPoints: '积分不足，本次变动未执行',
      amountInvalid: '变动金额必须是非零整数',
      kindInvalid: '未知的记录类型',
      dateInvalid: '日期格式应为 YYYY-MM-DD',
      rangeInvalid: '结束日期不能早于开始日期',
      pageInvalid: '页码无效',
      limitInvalid: '每页条数只能是 10、20、50 或 100',
    },
  },
  en: {
    ledger: {
      insufficientBalance: 'Insufficient balance: nothing was changed',
      insufficientPoints: 'Not enough points: nothing was changed',
      amountInvalid: 'The amount must be a non-zero whole number',
      kindInvalid: 'Unknown entry kind',
      dateInvalid: 'Dates must look like YYYY-MM-DD',
      rangeInvalid: 'The end date cannot be before the start date',
      pageInvalid: 'Invalid page number',
      limitInvalid: 'Page size must be 10, 20, 50 or 100',
    },
  },
};
