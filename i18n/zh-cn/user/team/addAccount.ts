export default {
  title: '添加子账号',
  summary: '为现场负责人等人员添加子账号。',
} as const;
