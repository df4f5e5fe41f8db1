export default {
  title: 'Account overview',
  infoTitle: 'Account information',
  toProfile: 'Personal data',
  filled: 'Filled in',
  notFilled: 'Not filled in',
  quickTitle: 'Shortcuts',
  statsTitle: 'Growth statistics',
  statsNotice: 'The integral and balance growth chart is not available yet.',
} as const;
