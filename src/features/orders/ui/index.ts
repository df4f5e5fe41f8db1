/**
 * The orders area's screens, for route files (`src/pages`): the five order lists, the order
 * detail and the operator's underwriting queue. Server code only; the area's client components
 * (`order-form.tsx`, `actions.tsx`, `underwrite.tsx`) are reached through these.
 */
export { OrderDetailPage } from './detail-page';
export { AnzeListPage, GuzhuListPage, PersonalListPage, TuanyiListPage, WithoutDetailListPage } from './list-page';
export { UnderwritingPage } from './underwriting-page';
