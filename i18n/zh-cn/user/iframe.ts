export default {
  title: '嵌入页面',
  frameTitle: '嵌入的外部页面',
  invalid: '该地址不能在会员中心中打开。',
  openNew: '在新窗口打开',
} as const;
