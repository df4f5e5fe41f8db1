/** Texts of the cascading area picker (src/islands/area-picker.tsx). Region names come from the API. */
const messages = {
  group: '所在地区',
  province: '省份',
  city: '城市',
  district: '区县',
  choose: '请选择',
  loading: '加载中...',
  retry: '重试',
};

export type AreaPickerText = typeof messages;
export default messages;
