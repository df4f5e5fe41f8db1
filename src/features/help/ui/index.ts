/** The help area's screens, for route files: the public help centre and the member centre's. */
export { CentreHelpPage, PublicHelpPage } from './help-page';
