export default {
  title: 'Endorsement detail',
  summary: 'See the people changed by one endorsement, its premium difference and its status.',
} as const;
