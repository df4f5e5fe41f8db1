/** The team area's screens, for the route files (`src/pages/user/(centre)/team`). Server code only. */
export { TeamAddAccountPage, TeamAllocationPage, TeamListPage } from './pages';
