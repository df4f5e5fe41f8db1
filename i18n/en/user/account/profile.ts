export default {
  title: 'Profile',
  lead: 'Your basic details in the member centre.',
  gender: 'Gender',
  genders: { 0: 'Secret', 1: 'Male', 2: 'Female' },
  birthday: 'Birthday',
  motto: 'Personal signature',
  avatar: 'Avatar',
  editNotice: 'Editing your profile online is not available yet; contact your account manager to change it.',
  sessions: {
    title: 'Signed-in devices',
    current: 'This device',
    signedLink: 'Signed link',
    unknownDevice: 'Unknown device',
    meta: 'IP {ip} · last active {active} · expires {expires}',
    revokeOthers: 'Sign out all other devices',
  },
} as const;
