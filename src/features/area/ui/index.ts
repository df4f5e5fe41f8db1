/**
 * The area area's screen surface: the cascading province / city / district picker, a client
 * component other areas' forms may use (server and client components import it from here). Only
 * client code and types.
 */
export { AREA_URL, type AreaLevel, type AreaOption, AreaPicker, type AreaPickerProps, type AreaValue, clearAreaCache } from './area-picker';
