export default {
  title: 'Group accident',
  summary: 'Buy and manage accident death, disability and medical cover for a named list of people.',
} as const;
