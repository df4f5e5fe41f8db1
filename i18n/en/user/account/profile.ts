export default {
  title: 'Profile',
  lead: 'Your basic details in the member centre.',
  gender: 'Gender',
  genders: { 0: 'Secret', 1: 'Male', 2: 'Female' },
  birthday: 'Birthday',
  motto: 'Personal signature',
  avatar: 'Avatar',
  editNotice: 'Editing your profile online is not available yet; contact your account manager to change it.',
} as const;
