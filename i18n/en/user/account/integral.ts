import balance from './balance';

export default {
  title: 'Integral log',
  summary: 'See how your points were earned and spent.',
  ledger: {
    ...balance.ledger,
    entries: 'Points entries',
    amount: 'Points',
    after: 'Points after',
    kinds: { topup: 'Top-up', payment: 'Spent', refund: 'Returned', allocation: 'Earned', adjust: 'Adjustment' },
  },
} as const;
