export default {
  title: 'Group order detail',
  summary: 'See one group order — policyholder, plan, period, premium — and search, page through and export its insured list.',
} as const;
