export default {
  title: 'Endorsements',
  summary:
    'Add, remove or replace people on an in-force group policy or correct their details; additions pay pro-rata premium, removals are refunded pro rata to your balance.',
} as const;
