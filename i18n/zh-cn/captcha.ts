/** Texts of the click captcha dialog (src/islands/click-captcha.tsx); pages pass them as props. Spec §8 wording. */
export default {
  title: '安全验证',
  prompt: '请依次点击',
  refresh: '刷新',
  close: '关闭',
  loading: '加载中…',
  loadFailed: '加载失败，请点击刷新按钮',
  failed: '未点中正确区域，请重试！',
  success: '验证成功！',
  imageLabel: '验证码图片：按提示的顺序点击文字或图标',
  keyboardHint: '键盘：按方向键或回车显示准星，方向键移动准星（按住 Shift 微调），回车或空格在准星处点击，退格键撤销上一次点击。',
  removeClick: '撤销第 {n} 次点击',
};
