export default {
  title: '雇主责任险',
  summary: '按职业类别（1–6 类）和方案为具名员工投保雇主责任险，并管理这些保单。',
} as const;
