import type { Locale, MemberCentre, SiteInfo, Theme, UserInfo } from '~/lib/types';
import { getRequestContext } from './context';

/** What server components need to render any page: one call, memoised per request. */
export interface PortalView {
  locale: Locale;
  theme: Theme;
  nonce: string;
  /** Current pathname, e.g. `/user/account/overview`. */
  path: string;
  site: SiteInfo;
  openMemberCenter: boolean;
  /** The signed-in member without tokens, or null. */
  user: Omit<UserInfo, 'token' | 'refresh_token' | 'signature'> | null;
  centre: MemberCentre;
  /** True when the current `/user/...` page is not in the member's group (render 403). */
  forbidden: boolean;
}

// TEMPORARY fixture until the domain layer lands; same shape as the real thing.
const fixtureSite: SiteInfo = {
  siteName: '保险经纪会员中心', recordNumber: '沪ICP备00000000号', version: '1.0.0', cdnUrl: '', apiUrl: '',
  timezone: 'Asia/Shanghai',
  upload: { mode: 'local', maxSize: 10485760, saveName: '', allowedSuffixes: 'jpg,png,pdf', allowedMimeTypes: '' },
};
const item = (id: number, title: string, href: string, extra: Partial<MemberCentre['userMenus'][number]> = {}) => ({
  id, name: href.replace(/^\/user\//, ''), title, icon: '', type: 'menu' as const, menuType: 'tab' as const, href, children: [], ...extra,
});
const fixtureCentre: MemberCentre = {
  headNav: [item(100, '产品', '/product', { type: 'nav' }), item(101, '报价', '/offer', { type: 'nav' })],
  navUserMenus: [item(110, '账户概览', '/user/account/overview', { type: 'nav_user_menu' })],
  userMenus: [
    item(1, '我的账户', '', { type: 'menu_dir', name: 'account', children: [
      item(2, '账户概览', '/user/account/overview'), item(3, '个人资料', '/user/account/profile'),
      item(4, '修改密码', '/user/account/changePassword'), item(5, '余额', '/user/account/balance'), item(6, '积分', '/user/account/integral'),
    ] }),
    item(10, '我的保单', '', { type: 'menu_dir', name: 'order', children: [
      item(11, '雇主责任险', '/user/order/guzhu'), item(12, '团体意外险', '/user/order/tuanyi'),
    ] }),
  ],
  showHeadline: true,
  authNode: { '/user/order/guzhu': ['/user/order/guzhu/add', '/user/order/guzhu/export'] },
};

/** Everything a page or layout needs about the site, the member and their menus. */
export async function getPortalView(): Promise<PortalView> {
  const ctx = getRequestContext();
  return {
    locale: ctx.locale, theme: ctx.theme, nonce: ctx.nonce, path: ctx.url.pathname,
    site: fixtureSite, openMemberCenter: true,
    user: ctx.session ? {
      id: 1, username: 'demo', nickname: 'Demo', email: 'demo@example.com', mobile: '13800000000', avatar: '', gender: 1,
      birthday: null, money: '1280.00', score: 120, last_login_time: null, last_login_ip: '', join_time: 0, motto: '',
    } : null,
    centre: fixtureCentre,
    forbidden: ctx.status === 403,
  };
}
