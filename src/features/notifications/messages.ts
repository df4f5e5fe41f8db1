/** Messages of the notification service (list, read, preferences, copies), per language (merged into the API's table). */
export default {
  'zh-cn': {
    notification: {
      readInvalid: '请提供要标记为已读的通知（ids），或 all: true',
      marked: '已标记为已读',
      mailFooter: '登录会员中心查看详情：{link}',
      sms: '【{site}】{title}。{body} 详情：{link}',
      fallback: { title: '您有一条新通知', body: '请打开查看详情。' },
    },
    notice: {
      groupInvalid: '没有这一类通知',
      flagInvalid: '请说明邮件（email）或短信（sms）提醒是开还是关',
      statusInvalid: '投递状态无效',
      mandatory: '这一类通知必须发送，不能关闭邮件和短信提醒',
      unboundEmail: '请先绑定邮箱，再开启邮件提醒',
      unboundMobile: '请先绑定手机号，再开启短信提醒',
      saved: '通知设置已保存',
      optInInvalid: '没有这一项可选提醒',
    },
  },
  en: {
    notification: {
      readInvalid: 'Give the notifications to mark as read (ids), or all: true',
      marked: 'Marked as read',
      mailFooter: 'Sign in to the member centre for details: {link}',
      sms: '[{site}] {title}. {body} Details: {link}',
      fallback: { title: 'You have a new notice', body: 'Open it for the details.' },
    },
    notice: {
      groupInvalid: 'There is no such group of notices',
      flagInvalid: 'Say whether e-mail (email) or SMS (sms) copies are on or off',
      statusInvalid: 'Unknown delivery status',
      mandatory: 'These notices are always sent; their e-mail and SMS copies cannot be switched off',
      unboundEmail: 'Bind an e-mail address first, then switch e-mail copies on',
      unboundMobile: 'Bind a mobile number first, then switch SMS copies on',
      saved: 'Notice settings saved',
      optInInvalid: 'There is no such reminder to ask for',
    },
  },
};
