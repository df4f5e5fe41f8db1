/**
 * The orders area's screens, for route files (`src/pages`): the five order lists, the order
 * detail and the operator's underwriting queue. Server code only; the area's client components
 * (`order-form.tsx`, `policy-actions.tsx`, `underwrite.tsx`) are reached through these.
 *
 * The build puts the client components of one server chunk into one client chunk named after the
 * first of them by path (@vitejs/plugin-rsc, as Waku sets it up): here `order-form-<hash>.js`, the
 * name the chunk-reload e2e test (tests/e2e/navigation.e2e.ts) blocks. Keep `order-form.tsx` first.
 */
export { OrderDetailPage } from './detail-page';
export { AnzeListPage, GuzhuListPage, PersonalListPage, TuanyiListPage, WithoutDetailListPage } from './list-page';
export { UnderwritingPage } from './underwriting-page';
