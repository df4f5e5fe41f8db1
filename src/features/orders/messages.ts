/** Messages of orders and policies, per language (merged into the API's table). */
export default {
  'zh-cn': { exportEmpty: '暂无可导出的记录' },
  en: { exportEmpty: 'There is nothing to export yet' },
};
