/** Element name of an island boundary; `display: contents` in base.css, so it never changes the layout. */
export const ISLAND_TAG = 'portal-island';
