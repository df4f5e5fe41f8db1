export default {
  title: '团单详情',
  summary: '查看团体订单的投保人、方案、保险期间和保费，并搜索、分页、导出被保险人名单。',
} as const;
