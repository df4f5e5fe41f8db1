/**
 * The renewals area's screens: the renewal page (/user/renewal), the operators' renewals page, and
 * the renewal links the orders' policy page shows (`RenewalLinks`).
 */
export { RenewalPage } from './renewal-page';
export { RenewalConsolePage } from './console-page';
export { RenewalLinks } from './renewal-links';
