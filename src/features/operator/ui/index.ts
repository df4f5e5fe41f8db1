/** The operator console's screens (issue #14), for the route files (`src/pages/user/(centre)/operator`). Server code only. */
export { AuditPage } from './audit-page';
export { GroupsPage } from './groups-page';
export { MemberDetailPage } from './member-detail-page';
export { MembersPage } from './members-page';
export { RulesPage } from './rules-page';
export { SettingsPage } from './settings-page';
export { ViewAsBanner } from './view-as-banner';
