/** Messages of the click captcha, per language (merged into the API's table). Spec §8 wording. */
export default {
  'zh-cn': {
    captcha: {
      succeeded: '验证成功！',
      failed: '未点中正确区域，请重试！',
      expired: '验证码已失效，请点击刷新按钮重新获取',
      required: '请先完成人机验证',
      tooMany: '获取验证码过于频繁，请 {seconds} 秒后再试',
    },
  },
  en: {
    captcha: {
      succeeded: 'Verification is successful!',
      failed: 'The correct area is not clicked, please try again!',
      expired: 'The captcha has expired, please click the refresh button',
      required: 'Please complete the captcha first',
      tooMany: 'Too many captcha requests, please try again in {seconds} seconds',
    },
  },
};
