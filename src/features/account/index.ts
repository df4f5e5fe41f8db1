/** Account centre (issue #8): overview, profile, password, bound addresses, top-ups and their review. */
export { default as accountMessages } from './messages';
export { accountRouter } from './router';
export { seedAccountDemo } from './demo';
export { dailyChanges, lastDays, loadOverview, type DailyChanges, type Overview } from './overview';
export { AVATAR_SIZE, AVATAR_TOPIC, squareAvatar, updateProfile } from './profile';
export {
  changeBindSchema,
  changePasswordFormSchema,
  changePasswordSchema,
  MOTTO_MAX,
  profileSchema,
  topupRejectSchema,
  topupSchema,
  verificationSchema,
  yuanToFen,
} from './schemas';
export { changeBind, changePassword, verifyAccount } from './security';
export {
  confirmTopup,
  listOwnTopups,
  listTopupsForReview,
  rejectTopup,
  requestTopup,
  TOPUP_TOPIC,
  type Topup,
  type TopupForReview,
  topupReference,
} from './topup';
