/** Texts of the click captcha dialog (src/islands/click-captcha.tsx); pages pass them as props. Spec §8 wording. */
export default {
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
