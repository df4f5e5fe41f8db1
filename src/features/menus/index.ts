/** Menus: the index payload (site, menus, rules, member) that every page starts from. */
export { menusRouter } from './router';
export { loadIndexPayload, type IndexInput } from './service';
