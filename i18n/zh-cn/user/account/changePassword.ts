export default {
  title: '修改密码',
  summary: '输入当前密码并设置新的登录密码。',
} as const;
