/**
 * The products area's screens, for route files (`src/pages`) and other areas' screens: the public
 * catalogue and quote, the operator's plan editor, and the four products' display list (the home
 * page shows it). Server code only; the client components (`quote.tsx`, `plan-form.tsx`) are
 * reached through these.
 */
export { PRODUCTS } from './catalogue';
export { CataloguePage } from './catalogue-page';
export { OfferPage } from './offer-page';
export { OperatorProductsPage } from './operator-page';
