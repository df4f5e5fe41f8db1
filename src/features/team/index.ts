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
export { addAccount, editAccount, resetPassword, setStatus, teamMaxAccounts } from './accounts';
export type { TeamAccount } from './model';
export { grantable, isSubAccount, listTeam, teamDetail, teamPicker } from './queries';
export { allocate, listTransfers, type TransferView } from './transfers';
