export default {
  title: '账户概览',
  infoTitle: '账户信息',
  toProfile: '个人资料',
  filled: '已填写',
  notFilled: '未填写',
  quickTitle: '常用入口',
  statsTitle: '增长统计',
  statsNotice: '积分和余额的增长图表尚未开放。',
} as const;
