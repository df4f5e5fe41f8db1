/**
 * Texts of the click captcha dialog (`../ui/click-captcha.tsx`), per language (`defineTexts`,
 * decision 0014; spec §8 wording). Pages pass them to client components as props.
 */
import { defineTexts } from '~/lib/texts';
import type { ClickCaptchaText } from '../ui';

const zh: ClickCaptchaText = {
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

const en: ClickCaptchaText = {
  title: 'Security check',
  prompt: 'Please click',
  refresh: 'Refresh',
  close: 'Close',
  loading: 'Loading…',
  loadFailed: 'Loading failed, please click the refresh button',
  failed: 'The correct area is not clicked, please try again!',
  success: 'Verification is successful!',
  imageLabel: 'Captcha image: click the characters and icons in the order shown',
  keyboardHint:
    'Keyboard: press an arrow key or Enter to show the crosshair, arrow keys move it (hold Shift for small steps), Enter or Space clicks at it, Backspace takes back the last click.',
  removeClick: 'Remove click {n}',
};

export const captchaText = defineTexts<ClickCaptchaText>('captcha', { 'zh-cn': zh, en });
