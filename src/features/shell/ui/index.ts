/** The site's chrome, as the layouts and the sign-in and 404 pages render it: headers, sidebar, footer, preferences bar. */
export { Brand } from './brand';
export { HeroArt } from './hero-art';
export { MemberHeader } from './member-header';
export { MemberSidebar } from './member-sidebar';
export { MenuToggle } from './menu-toggle';
export { PlainHeader } from './plain-header';
export { PrefsBar } from './prefs-bar';
export { SiteFooter } from './site-footer';
export { SiteHeader } from './site-header';
