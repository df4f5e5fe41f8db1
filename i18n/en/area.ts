import type { AreaPickerText } from '../zh-cn/area';

/**
 * Texts of the cascading area picker (src/islands/area-picker.tsx). The region names themselves
 * stay Chinese: the data package has no English names.
 */
const messages: AreaPickerText = {
  group: 'Region',
  province: 'Province',
  city: 'City',
  district: 'District',
  choose: 'Please choose',
  loading: 'Loading...',
  retry: 'Retry',
};

export default messages;
