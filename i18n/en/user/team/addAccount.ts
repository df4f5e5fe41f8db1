export default {
  title: 'Add sub-account',
  summary: 'Add sub-accounts for your site managers.',
} as const;
