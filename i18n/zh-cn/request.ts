/** 浏览器端 HTTP 助手（src/lib/http）与通知组件的消息；状态码表对应规格 §8。 */
import type { RequestMessages } from '../en/request';

const messages: RequestMessages = {
  status: {
    302: '接口重定向了！',
    400: '参数不正确！',
    401: '您没有权限操作！',
    403: '您没有权限操作！',
    404: '请求地址出错:',
    408: '请求超时！',
    409: '系统中已存在相同的数据！',
    500: '服务器内部错误！',
    501: '服务未实现！',
    502: '网关错误！',
    503: '服务不可用！',
    504: '服务暂时无法访问，请稍后再试！',
    505: 'HTTP 版本不受支持！',
  },
  other: '异常问题，请联系网站管理员！',
  timeout: '网络请求超时！',
  network: '服务端异常！',
  offline: '您已断网！',
  success: '操作成功',
  loading: '加载中...',
  close: '关闭',
  notifications: '通知',
};

export default messages;
