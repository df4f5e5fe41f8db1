export default {
  title: '积分明细',
  summary: '查看积分的获得与使用记录。',
} as const;
