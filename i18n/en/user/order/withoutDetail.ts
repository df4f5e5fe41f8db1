export default {
  title: 'Headcount policies',
  summary: 'Lists the policies bought by headcount, with no named insured list.',
} as const;
