export default {
  title: 'Account overview',
} as const;
