/**
 * Texts of the cascading area picker (`../ui/area-picker.tsx`), per language (`defineTexts`,
 * decision 0014). Region names come from the API; they stay Chinese (the data package has no
 * English names).
 */
import { defineTexts } from '~/lib/texts';

const zh = {
  group: '所在地区',
  province: '省份',
  city: '城市',
  district: '区县',
  choose: '请选择',
  loading: '加载中...',
  retry: '重试',
};

export type AreaPickerText = typeof zh;

const en: AreaPickerText = {
  group: 'Region',
  province: 'Province',
  city: 'City',
  district: 'District',
  choose: 'Please choose',
  loading: 'Loading...',
  retry: 'Retry',
};

export const areaText = defineTexts('area', { 'zh-cn': zh, en });
