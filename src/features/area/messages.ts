/** Messages of the area picker's API, per language (merged into the API's table). */
export default {
  'zh-cn': {
    area: {
      code: '请选择正确的地区（6 位行政区划代码）',
      provinceFirst: '请先选择省份',
    },
  },
  en: {
    area: {
      code: 'Please choose a valid region (a 6-digit division code)',
      provinceFirst: 'Please choose the province first',
    },
  },
};
