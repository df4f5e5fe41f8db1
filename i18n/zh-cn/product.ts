export default {
  title: '保险产品',
  lead: '面向企业雇主和个人的四类保障。登录会员中心后即可投保和管理保单。',
  forLabel: '适合',
  pricingLabel: '计费方式',
  list: '投保名单',
  detail: {
    guzhu: { for: '有雇员的各类企业', pricing: '按职业类别（1–6 类）和方案，按人计费', list: '需要具名员工名单' },
    tuanyi: { for: '需要为员工或团队成员提供意外保障的单位', pricing: '按方案和人数计费', list: '需要具名人员名单' },
    anze: { for: '依法须投保的高危行业企业', pricing: '按人数和行业计费', list: '多数方案无需名单' },
    personal: { for: '个人、灵活用工人员', pricing: '按方案单人计费', list: '仅被保险人本人' },
  },
  cta: '登录后投保',
} as const;
