export default {
  title: '无名单保单',
  summary: '列出按人数投保、没有具名被保险人名单的保单。',
} as const;
