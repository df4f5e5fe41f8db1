export default {
  title: '个人意外险',
  summary: '为个人购买单人意外险并查看保单。',
} as const;
