export default {
  title: '批改详情',
  summary: '查看一次批改的人员变动、保费差额和处理状态。',
} as const;
