/** The notifications area's screens: the bell in the member header. */
export { NotificationBell } from './bell';
