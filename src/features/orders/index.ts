/** Orders and policies (issue #9 fills this in): today the permission-checked export. */
export { ordersRouter } from './router';
export { EXPORTABLE_PAGES } from './schemas';
