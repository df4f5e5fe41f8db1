export default {
  title: '修改密码',
  summary: '输入当前密码并设置新的登录密码。',
  oldPassword: '旧密码',
  newPassword: '新密码',
  confirmPassword: '确认新密码',
  rule: '6 到 32 个字符，不能包含 & < > " \'。修改成功后所有设备都需要重新登录。',
  submit: '修改密码',
} as const;
