export default {
  title: '嵌入页面',
  frameTitle: '嵌入的外部页面',
  invalid: '该地址不能在会员中心中打开。',
  notAllowed: '该网站不在会员中心允许嵌入的站点名单中，因此不在此显示。',
  badProtocol: '出于安全原因，会员中心不会打开此类地址（例如 javascript:、data: 或 file:）。',
  openNew: '在新窗口打开',
} as const;
