/** Screens of proof of cover: the policy page's card and the public /verify/cover page. */
export { CoverCard } from './cover-card';
export { CoverVerifyPage } from './verify-page';
