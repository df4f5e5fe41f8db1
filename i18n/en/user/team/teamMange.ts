export default {
  title: 'Team management',
  summary: 'Enable or disable sub-accounts and choose which member-centre pages each may use.',
} as const;
