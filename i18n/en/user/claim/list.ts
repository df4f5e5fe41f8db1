export default {
  title: 'Claims',
  summary: 'Report a claim for an insured person, upload the documents and follow it until it is paid.',
} as const;
