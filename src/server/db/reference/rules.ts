/**
 * The rule tree the product needs (spec §6 menu rules): every member page, head-nav and
 * user-dropdown entries, buttons and detail routes. Written into a database by the reference sync
 * at every start (src/server/db/reference/sync.ts): add a rule here and every database gains it.
 * A renamed rule goes into RULE_RENAMES so its row (and every group's grant of it) moves along.
 */

/** A rule of the reference tree; `children` nest by `pid`. */
export interface ReferenceRule {
  type: 'route' | 'menu_dir' | 'menu' | 'nav' | 'nav_user_menu' | 'button';
  name: string;
  title: string;
  title_en: string;
  path?: string;
  icon?: string;
  menu_type?: 'tab' | 'link' | 'iframe';
  url?: string;
  extend?: 'none' | 'add_rules_only' | 'add_menu_only';
  no_login_valid?: 0 | 1;
  children?: ReferenceRule[];
}

/** Partner host whose pages may be embedded under /user/iframe (also seeded into `iframeHosts`). */
export const DEMO_IFRAME_HOST = 'help.example.com';

const page = (name: string, title: string, title_en: string, icon: string, children?: ReferenceRule[]): ReferenceRule => ({
  type: 'menu',
  name,
  path: name,
  title,
  title_en,
  icon,
  children,
});
const button = (name: string, title: string, title_en: string): ReferenceRule => ({ type: 'button', name, title, title_en });
const detail = (name: string, title: string, title_en: string): ReferenceRule => ({
  type: 'route',
  name,
  path: name,
  title,
  title_en,
  extend: 'add_rules_only',
});

/** The member-centre rule tree: every page of the spec, plus head-nav and user-dropdown entries. */
export const REFERENCE_RULES: ReferenceRule[] = [
  { type: 'nav', name: 'nav/home', path: '', title: '首页', title_en: 'Home', icon: 'fa fa-home', no_login_valid: 1 },
  { type: 'nav', name: 'nav/product', path: 'product', title: '保险产品', title_en: 'Products', icon: 'fa fa-shield', no_login_valid: 1 },
  {
    type: 'nav',
    name: 'nav/offer',
    path: 'offer',
    title: '在线报价',
    title_en: 'Get a quote',
    icon: 'fa fa-calculator',
    no_login_valid: 1,
  },
  {
    type: 'menu_dir',
    name: 'account',
    path: 'account',
    title: '我的账户',
    title_en: 'My account',
    icon: 'fa fa-user-circle',
    children: [
      page('account/overview', '账户概览', 'Overview', 'fa fa-tachometer'),
      page('account/profile', '个人资料', 'Profile', 'fa fa-id-card-o'),
      page('account/changePassword', '修改密码', 'Change password', 'fa fa-key'),
      page('account/balance', '余额记录', 'Balance', 'fa fa-money'),
      page('account/integral', '积分记录', 'Points', 'fa fa-star-o'),
      {
        type: 'menu',
        name: 'account/help',
        path: 'account/help',
        title: '帮助中心',
        title_en: 'Help centre',
        icon: 'fa fa-question-circle-o',
        menu_type: 'iframe',
        url: `https://${DEMO_IFRAME_HOST}/member-guide`,
      },
    ],
  },
  {
    type: 'menu_dir',
    name: 'order',
    path: 'order',
    title: '保单管理',
    title_en: 'Policies',
    icon: 'fa fa-file-text-o',
    children: [
      page('order/personal', '个人保单', 'Personal policies', 'fa fa-user'),
      page('order/guzhu', '雇主责任险', "Employer's liability", 'fa fa-briefcase', [
        button('order/guzhu/add', '投保', 'New application'),
        button('order/guzhu/edit', '编辑', 'Edit'),
        button('order/guzhu/export', '导出', 'Export'),
      ]),
      page('order/tuanyi', '团体意外险', 'Group accident', 'fa fa-users', [
        button('order/tuanyi/add', '投保', 'New application'),
        button('order/tuanyi/export', '导出', 'Export'),
      ]),
      page('order/anze', '安全生产责任险', 'Work-safety liability', 'fa fa-industry'),
      page('order/withoutDetail', '无明细保单', 'Policies without list', 'fa fa-list-alt'),
      page('order/endorse', '批改记录', 'Endorsements', 'fa fa-pencil-square-o'),
      page('order/invoiceApply', '发票申请', 'Invoice requests', 'fa fa-file-o', [
        button('order/invoiceApply/add', '申请发票', 'Request invoice'),
      ]),
      detail('order/groupDetail', '团单详情', 'Group order details'),
      detail('order/endorseDetail', '批改详情', 'Endorsement details'),
    ],
  },
  {
    type: 'menu_dir',
    name: 'claim',
    path: 'claim',
    title: '理赔服务',
    title_en: 'Claims',
    icon: 'fa fa-medkit',
    children: [
      page('claim/list', '理赔列表', 'Claim list', 'fa fa-list', [
        button('claim/list/add', '报案', 'Report a claim'),
        button('claim/list/export', '导出', 'Export'),
      ]),
    ],
  },
  {
    type: 'menu_dir',
    name: 'team',
    path: 'team',
    title: '团队管理',
    title_en: 'Team',
    icon: 'fa fa-sitemap',
    children: [
      page('team/addAccount', '添加账号', 'Add account', 'fa fa-user-plus'),
      page('team/allocation', '额度分配', 'Allocation', 'fa fa-exchange'),
      page('team/teamMange', '团队成员', 'Team members', 'fa fa-users', [
        button('team/teamMange/add', '添加', 'Add'),
        button('team/teamMange/edit', '编辑', 'Edit'),
      ]),
    ],
  },
  {
    type: 'menu_dir',
    name: 'file',
    path: 'file',
    title: '文件管理',
    title_en: 'Files',
    icon: 'fa fa-folder-open-o',
    children: [page('file/sealfile', '文件盖章', 'Seal documents', 'fa fa-certificate')],
  },
  {
    type: 'nav_user_menu',
    name: 'userMenu/overview',
    path: 'user/account/overview',
    title: '会员中心',
    title_en: 'Member centre',
    icon: 'fa fa-user-circle',
  },
  {
    type: 'nav_user_menu',
    name: 'userMenu/changePassword',
    path: 'user/account/changePassword',
    title: '修改密码',
    title_en: 'Change password',
    icon: 'fa fa-key',
  },
];

/** Rules the restricted "site manager" group gets: account and order pages, edit buttons only. */
export function siteManagerAllows(rule: { name: string; type: string }): boolean {
  if (rule.type === 'nav' || rule.type === 'nav_user_menu') return true;
  const area = rule.name.split('/')[0];
  if (area !== 'account' && area !== 'order') return false;
  if (rule.type === 'button') return rule.name.endsWith('/edit');
  return true;
}

/** Old rule name → new name. The sync renames the row in place, keeping its id and grants. */
export const RULE_RENAMES: Record<string, string> = {};

/** A built-in group: `grants` decides which reference rules it gets when they first arrive. */
export interface ReferenceGroup {
  code: 'default' | 'manager' | 'operator';
  name: string;
  /** `'*'`: every member rule, now and later (never operator-only rules). */
  grants: '*' | ((rule: { name: string; type: string }) => boolean);
}

export const REFERENCE_GROUPS: ReferenceGroup[] = [
  { code: 'default', name: 'Default member group', grants: '*' },
  { code: 'manager', name: 'Site manager', grants: siteManagerAllows },
  { code: 'operator', name: 'Operator', grants: () => true },
];
