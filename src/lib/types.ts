/**
 * Shapes shared by server and browser code. They mirror the spec (§3) and the
 * `/userapi/v1/index/index` payload; keep them free of server-only imports.
 */

export type Locale = 'zh-cn' | 'en';
export const LOCALES: readonly Locale[] = ['zh-cn', 'en'];
export const DEFAULT_LOCALE: Locale = 'zh-cn';

export type Theme = 'light' | 'dark';

export type RuleType = 'route' | 'menu_dir' | 'menu' | 'nav' | 'nav_user_menu' | 'button';
export type MenuType = 'tab' | 'link' | 'iframe';
export type RuleExtend = 'none' | 'add_rules_only' | 'add_menu_only';

/** One node of the rule tree as sent by the server (`rules` / `menus`). */
export interface RuleNode {
  id: number;
  pid: number;
  type: RuleType;
  /** Title already translated into the request's language. */
  title: string;
  name: string;
  /** Relative route path, e.g. `account/overview`. */
  path: string;
  icon: string;
  menu_type: MenuType;
  url: string;
  extend: RuleExtend;
  children: RuleNode[];
}

export interface UploadConfig {
  mode: string;
  maxSize: number;
  saveName: string;
  allowedSuffixes: string;
  allowedMimeTypes: string;
  url?: string;
  cdn?: string;
  params?: Record<string, string | number>;
}

export interface SiteInfo {
  siteName: string;
  recordNumber: string;
  version: string;
  cdnUrl: string;
  apiUrl: string;
  timezone: string;
  upload: UploadConfig;
}

export interface UserInfo {
  id: number;
  username: string;
  nickname: string;
  email: string;
  mobile: string;
  avatar: string;
  gender: 0 | 1 | 2;
  birthday: string | null;
  /** Decimal string in yuan, e.g. "12.50". */
  money: string;
  score: number;
  last_login_time: number | null;
  last_login_ip: string;
  join_time: number;
  motto: string;
  token: string;
  refresh_token: string;
  signature: string;
}

export interface IndexPayload {
  site: SiteInfo;
  openMemberCenter: boolean;
  rules: RuleNode[];
  menus: RuleNode[];
  /** Empty object when logged out. */
  userInfo: UserInfo | Record<string, never>;
}

/** A navigable menu entry after the spec's menu-building rules were applied. */
export interface MenuItem {
  id: number;
  name: string;
  title: string;
  icon: string;
  type: RuleType;
  menuType: MenuType;
  /** Where the entry goes: an app path (`/user/...`), `/user/iframe/{encoded}` or an external url. */
  href: string;
  children: MenuItem[];
}

export interface MemberCentre {
  headNav: MenuItem[];
  navUserMenus: MenuItem[];
  userMenus: MenuItem[];
  showHeadline: boolean;
  /** Page path → permitted action paths (`/user/order/guzhu` → [`/user/order/guzhu/add`]). */
  authNode: Record<string, string[]>;
}
