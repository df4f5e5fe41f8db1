/** The notifications area's screens: the bell in the member header, the notices page, the notice settings of the profile page. */
export { NotificationBell } from './bell';
export { NoticesPage } from './notices-page';
export { NoticeSettings } from './notice-settings';
export { DeliveriesPage } from './deliveries-page';
