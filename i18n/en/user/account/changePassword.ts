export default {
  title: 'Change password',
  summary: 'Enter your current password and choose a new one.',
  oldPassword: 'Old password',
  newPassword: 'New password',
  confirmPassword: 'Confirm new password',
  rule: '6 to 32 characters, none of & < > " \'. Afterwards every device has to log in again.',
  submit: 'Change password',
} as const;
