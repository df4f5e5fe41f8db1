/** The account area's screens, for route files (`src/pages`). Server code only. */
export { AccountBalancePage } from './balance-page';
export { AccountIntegralPage } from './integral-page';
export { OverviewPage } from './overview-page';
export { AccountChangePasswordPage } from './password-page';
export { ProfilePage } from './profile-page';
export { OperatorTopupsPage } from './topups-page';
