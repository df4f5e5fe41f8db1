/** Messages of e-mail and SMS codes, per language (merged into the API's table). */
export default {
  'zh-cn': {
    code: {
      emailSent: '邮件发送成功~',
      smsSent: '短信发送成功~',
      invalid: '验证码错误或已过期',
      wait: '发送过于频繁，请 {seconds} 秒后再试',
      taken: '该地址已被注册',
      notYours: '该地址与您账户中的不一致',
      deliveryFailed: '消息发送失败，请稍后再试',
      subject: {
        user_register: '注册账户',
        user_retrieve_pwd: '找回密码',
        user_email_verify: '验证邮箱',
        user_mobile_verify: '验证手机',
        user_change_email: '更换邮箱',
        user_change_mobile: '更换手机',
      },
      text: '您的验证码是 {code}，十分钟内有效。如非本人操作，请忽略。',
    },
    validate: { code: '请输入 6 位数字验证码' },
  },
  en: {
    code: {
      emailSent: 'E-mail sent.',
      smsSent: 'Text message sent.',
      invalid: 'The verification code is wrong or has expired',
      wait: 'Sent too often, please try again in {seconds} seconds',
      taken: 'This address is already registered',
      notYours: 'This address is not the one on your account',
      deliveryFailed: 'The message could not be sent, please try again later',
      subject: {
        user_register: 'Register',
        user_retrieve_pwd: 'Reset password',
        user_email_verify: 'Verify e-mail',
        user_mobile_verify: 'Verify mobile',
        user_change_email: 'Change e-mail',
        user_change_mobile: 'Change mobile',
      },
      text: 'Your verification code is {code}, valid for ten minutes. If this was not you, ignore this message.',
    },
    validate: { code: 'Please enter the 6-digit code' },
  },
};
