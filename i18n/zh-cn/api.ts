/** 接口（/userapi/v1）与共用字段规则（src/lib/fields.ts）的消息；各业务的消息在 src/features/<area>/messages.ts。 */
export default {
  success: '操作成功',
  auth: {
    needLogin: '请先登录！',
    expired: '登录已过期，请重新登录！',
    signatureInvalid: '登录链接无效或已过期',
  },
  forbidden: '您没有权限操作！',
  memberCenterClosed: '会员中心已关闭',
  crossOrigin: '已拒绝跨站请求',
  badRequest: '参数不正确！',
  inputInvalid: '输入数据无效',
  notFound: '请求地址错误：{url}',
  conflict: '系统中已存在相同的数据！',
  tooLarge: '请求内容过大',
  unsupportedMediaType: '不支持的内容类型',
  tooManyRequests: '请求过于频繁，请稍后再试',
  serverError: '服务器内部错误！',
  validate: {
    invalid: '此项的值无效',
    required: '此项为必填项',
    account: '账户须为 3 到 15 位，以字母开头，只能包含字母、数字和下划线',
    password: '密码须为 6 到 32 位，不能包含 & < > " \'',
    email: '请输入正确的邮箱',
    mobile: '请输入正确的手机号',
  },
};
