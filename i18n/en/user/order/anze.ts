export default {
  title: 'Work-safety liability',
  summary: 'Buy work-safety liability cover priced by headcount and industry, usually without a name list.',
} as const;
