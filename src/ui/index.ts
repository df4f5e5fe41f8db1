/**
 * The UI kit (decision 0014): the building blocks every area's screens share. Server components
 * and isomorphic helpers only; client components of the kit are imported from their own files.
 */
export { frameTitle, GateNotice, type PageContext, PageFrame, type PageFrameProps } from './page-frame';
export { type PageGate, pageGate } from './page-gate';
export { Pager, type PagerProps } from './pager';
export { uiText } from './texts';
export { type Column, DataTable, type DataTableProps } from './data-table';
export { Timeline, TimelineEntry, type TimelineEntryProps, type TimelineProps } from './timeline';
export {
  type LifecycleStep,
  LifecycleSteps,
  type LifecycleStepsProps,
  type StepPosition,
  Steps,
  type StepsProps,
  stepAt,
  stepStates,
} from './steps';
export { DateRangeFields, FilterForm, type FilterFormProps } from './filter-form';
export { findRecord, RecordMissing } from './record-missing';
export { Field, type FieldProps, SelectField, type SelectFieldProps } from './field';
export { type StatusTab, StatusTabs, type StatusTabsProps } from './status-tabs';
