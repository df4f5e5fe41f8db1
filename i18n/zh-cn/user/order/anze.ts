export default {
  title: '安全生产责任险',
  summary: '按人数和行业投保安全生产责任险，多数方案无需人员名单。',
} as const;
