export default {
  title: 'Integral log',
  summary: 'See how your points were earned and spent.',
} as const;
