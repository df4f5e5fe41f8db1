export default {
  title: 'Change password',
  summary: 'Enter your current password and choose a new one.',
} as const;
