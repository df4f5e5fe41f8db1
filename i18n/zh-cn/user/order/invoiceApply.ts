export default {
  title: '发票申请',
  summary: '为已支付的订单申请增值税普通发票或专用发票，每笔支付金额只能开票一次。',
} as const;
