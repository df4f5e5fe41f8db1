/** Messages of signing in and out, per language (merged into the API's table). */
export default {
  'zh-cn': {
    auth: {
      loginSucceeded: '登录成功！',
      logoutSucceeded: '注销成功！',
      otherSessionsRevoked: '已退出其他所有设备',
      refreshSucceeded: '令牌已刷新',
      loginFailed: '账户或密码错误',
      accountDisabled: '该账户已被禁用',
      locked: '登录失败次数过多，请 {minutes} 分钟后再试',
      unknownUser: '会员不存在：{username}',
    },
    identity: {
      registered: '注册成功！',
      passwordReset: '密码已修改，请重新登录',
      sessionRevoked: '该设备已退出登录',
      taken: '已被占用，请换一个',
    },
  },
  en: {
    auth: {
      loginSucceeded: 'Login succeeded!',
      logoutSucceeded: 'Logout succeeded!',
      otherSessionsRevoked: 'Signed out on all other devices',
      refreshSucceeded: 'Token refreshed',
      loginFailed: 'Account or password is incorrect',
      accountDisabled: 'This account has been disabled',
      locked: 'Too many failed login attempts, please try again in {minutes} minutes',
      unknownUser: 'Member not found: {username}',
    },
    identity: {
      registered: 'Registration succeeded!',
      passwordReset: 'Password changed, please log in again',
      sessionRevoked: 'That device has been signed out',
      taken: 'Already in use, please choose another',
    },
  },
};
