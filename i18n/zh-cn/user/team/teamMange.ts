export default {
  title: '团队管理',
  summary: '启用或停用子账号，并选择每个子账号可以使用的会员中心页面。',
} as const;
