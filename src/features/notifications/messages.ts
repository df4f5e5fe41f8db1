/** Messages of the notification list and the bell, per language (merged into the API's table). */
export default {
  'zh-cn': {
    notification: {
      pageInvalid: '页码无效',
      limitInvalid: '每页条数应为 1 到 100',
      readInvalid: '请提供要标记为已读的通知（ids），或 all: true',
      marked: '已标记为已读',
      mailFooter: '登录会员中心查看详情：{link}',
    },
  },
  en: {
    notification: {
      pageInvalid: 'Invalid page number',
      limitInvalid: 'Page size must be between 1 and 100',
      readInvalid: 'Give the notifications to mark as read (ids), or all: true',
      marked: 'Marked as read',
      mailFooter: 'Sign in to the member centre for details: {link}',
    },
  },
};
