/** Team (issue #12): sub-accounts of a main account, their pages, and balance allocation. */
export { DEMO_TEAM, seedTeamDemo } from './demo';
export { type GrantablePage, grantablePages, normaliseGrant } from './grants';
/** The area's API messages per language (the forms show the same texts as the API). */
export { default as teamMessages } from './messages';
export { teamRouter } from './router';
export {
  addAccountSchema,
  allocateSchema,
  type AllocationsQuery,
  allocationsQuerySchema,
  editAccountSchema,
  listQuerySchema,
  resetPasswordSchema,
  statusSchema,
  TEAM_DIRECTIONS,
  TEAM_PAGE_SIZES,
  TEAM_STATUSES,
  type TeamDirection,
  type TeamListQuery,
  type TeamStatus,
  yuanToFen,
} from './schemas';
export {
  addAccount,
  allocate,
  editAccount,
  grantable,
  isSubAccount,
  listTeam,
  listTransfers,
  resetPassword,
  setStatus,
  type TeamAccount,
  teamDetail,
  teamMaxAccounts,
  teamPicker,
  type TransferView,
} from './service';
