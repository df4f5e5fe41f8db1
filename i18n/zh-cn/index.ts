export default {
  title: '首页',
  eyebrow: '企业团体保险经纪',
  heroLead: '为中小企业和用工单位比较、投保和管理雇主责任险、团体意外险等保单——名单批改、发票和理赔都在一个会员中心里完成。',
  productsTitle: '主要产品',
  productsLead: '由合作保险公司承保，我们负责方案、投保和售后服务。',
  whyTitle: '为什么选择我们',
  why: {
    quote: { title: '先报价，再决定', body: '按职业类别和人数估算保费，价格透明。' },
    list: { title: '名单随时调整', body: '员工入职离职时在线加减人，保费按天计算。' },
    claim: { title: '理赔全程可查', body: '报案、补充材料和赔付进度都能在会员中心看到。' },
  },
} as const;
