import balance from './balance';

export default {
  title: '积分明细',
  summary: '查看积分的获得与使用记录。',
  ledger: {
    ...balance.ledger,
    entries: '积分流水',
    amount: '变动积分',
    after: '变动后积分',
    kinds: { topup: '充值', payment: '抵扣', refund: '退回', allocation: '赠送', adjust: '调整' },
  },
} as const;
