/** Messages of the notification list and the bell, per language (merged into the API's table). */
export default {
  'zh-cn': {
    notification: {
      readInvalid: '请提供要标记为已读的通知（ids），或 all: true',
      marked: '已标记为已读',
      mailFooter: '登录会员中心查看详情：{link}',
    },
  },
  en: {
    notification: {
      readInvalid: 'Give the notifications to mark as read (ids), or all: true',
      marked: 'Marked as read',
      mailFooter: 'Sign in to the member centre for details: {link}',
    },
  },
};
