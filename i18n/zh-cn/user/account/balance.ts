export default {
  title: '余额明细',
  summary: '查看预付账户的每一笔流水：充值、保费支付和退保退费。',
} as const;
