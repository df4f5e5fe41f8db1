export default {
  title: 'Personal accident',
  summary: 'Buy single-person accident policies and see them here.',
} as const;
