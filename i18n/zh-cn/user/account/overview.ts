export default {
  title: '账户概览',
} as const;
