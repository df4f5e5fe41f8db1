export default {
  title: '余额分配',
  summary: '把主账号余额分配给子账号，或从子账号收回。',
} as const;
