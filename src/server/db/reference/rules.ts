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
/** A member-centre menu directory (`path` = `name`) holding its pages. */
const section = (name: string, title: string, title_en: string, icon: string, children: ReferenceRule[]): ReferenceRule => ({
  type: 'menu_dir',
  name,
  path: name,
  title,
  title_en,
  icon,
  children,
});
const button = (name: string, title: string, title_en: string): ReferenceRule => ({ type: 'button', name, title, title_en });
/** A policy list's New application and Export buttons. */
const applyAndExport = (page: string): ReferenceRule[] => [
  button(`${page}/add`, '投保', 'New application'),
  button(`${page}/export`, '导出', 'Export'),
];
/** An entry of the user dropdown in the head nav. */
const userMenu = (name: string, path: string, title: string, title_en: string, icon: string): ReferenceRule => ({
  type: 'nav_user_menu',
  name,
  path,
  title,
  title_en,
  icon,
});
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
  section('account', '我的账户', 'My account', 'fa fa-user-circle', [
    page('account/overview', '账户概览', 'Overview', 'fa fa-tachometer'),
    page('account/profile', '个人资料', 'Profile', 'fa fa-id-card-o'),
    page('account/changePassword', '修改密码', 'Change password', 'fa fa-key'),
    page('account/balance', '余额记录', 'Balance', 'fa fa-money'),
    page('account/integral', '积分记录', 'Points', 'fa fa-star-o'),
    // The portal's own help centre (/user/help; /help for visitors). Operators may add iframe entries
    // for partner pages on the hosts of `iframeHosts`; the demo seed no longer points at a placeholder.
    { ...page('account/help', '帮助中心', 'Help centre', 'fa fa-question-circle-o'), path: 'help' },
    // Every notice of the member (/user/notice, no menu entry: the bell's "All notices" leads there).
    { ...detail('account/notice', '消息通知', 'Notices'), path: 'notice' },
  ]),
  section('order', '保单管理', 'Policies', 'fa fa-file-text-o', [
    page('order/personal', '个人保单', 'Personal policies', 'fa fa-user', applyAndExport('order/personal')),
    page('order/guzhu', '雇主责任险', "Employer's liability", 'fa fa-briefcase', [
      button('order/guzhu/add', '投保', 'New application'),
      button('order/guzhu/edit', '编辑', 'Edit'),
      button('order/guzhu/export', '导出', 'Export'),
    ]),
    page('order/tuanyi', '团体意外险', 'Group accident', 'fa fa-users', applyAndExport('order/tuanyi')),
    page('order/anze', '安全生产责任险', 'Work-safety liability', 'fa fa-industry', applyAndExport('order/anze')),
    page('order/withoutDetail', '无明细保单', 'Policies without list', 'fa fa-list-alt', applyAndExport('order/withoutDetail')),
    page('order/endorse', '批改记录', 'Endorsements', 'fa fa-pencil-square-o', [
      button('order/endorse/add', '申请批改', 'New endorsement'),
    ]),
    page('order/invoiceApply', '发票申请', 'Invoice requests', 'fa fa-file-o', [
      button('order/invoiceApply/add', '申请发票', 'Request invoice'),
    ]),
    detail('order/groupDetail', '团单详情', 'Group order details'),
    detail('order/endorseDetail', '批改详情', 'Endorsement details'),
    // /user/endorse/reconcile?order=: a policy's roster reconciled with HR's staff list (endorse area).
    { ...detail('order/reconcile', '名单核对', 'Reconcile with staff list'), path: 'endorse/reconcile' },
    // /user/renewal?id=: the renewal of an ending policy (renewals area).
    { ...detail('order/renewal', '续保', 'Renewal'), path: 'renewal' },
  ]),
  section('claim', '理赔服务', 'Claims', 'fa fa-medkit', [
    page('claim/list', '理赔列表', 'Claim list', 'fa fa-list', [
      button('claim/list/add', '报案', 'Report a claim'),
      button('claim/list/export', '导出', 'Export'),
    ]),
    detail('claim/detail', '理赔详情', 'Claim details'),
  ]),
  section('team', '团队管理', 'Team', 'fa fa-sitemap', [
    page('team/addAccount', '添加账号', 'Add account', 'fa fa-user-plus'),
    page('team/allocation', '额度分配', 'Allocation', 'fa fa-exchange'),
    page('team/teamMange', '团队成员', 'Team members', 'fa fa-users', [
      button('team/teamMange/add', '添加', 'Add'),
      button('team/teamMange/edit', '编辑', 'Edit'),
    ]),
  ]),
  section('file', '文件管理', 'Files', 'fa fa-folder-open-o', [
    page('file/sealfile', '文件盖章', 'Seal documents', 'fa fa-certificate', [
      button('file/sealfile/add', '添加印章', 'Add seal'),
      button('file/sealfile/seal', '盖章', 'Seal a file'),
      button('file/sealfile/void', '作废', 'Void'),
    ]),
  ]),
  // Operator-only (isOperatorRule): a group's '*' never grants anything under here.
  section('operator', '运营管理', 'Operations', 'fa fa-cogs', [
    page('operator/members', '会员管理', 'Members', 'fa fa-address-book-o', [
      button('operator/members/edit', '编辑', 'Edit'),
      button('operator/members/adjust', '调整余额积分', 'Adjust balance'),
      // Open a member's centre read-only (decision 0016, issue #31 item 6).
      button('operator/viewAs', '以会员身份查看', 'View as member'),
    ]),
    page('operator/groups', '会员分组', 'Groups', 'fa fa-object-group', [button('operator/groups/edit', '编辑', 'Edit')]),
    page('operator/rules', '菜单规则', 'Menu rules', 'fa fa-list-ul', [button('operator/rules/edit', '编辑', 'Edit')]),
    page('operator/settings', '站点设置', 'Site settings', 'fa fa-sliders', [button('operator/settings/edit', '编辑', 'Edit')]),
    page('operator/audit', '操作日志', 'Audit log', 'fa fa-history'),
    page('operator/deliveries', '通知投递', 'Notice deliveries', 'fa fa-paper-plane'),
    page('operator/topups', '充值审核', 'Top-ups', 'fa fa-credit-card', [button('operator/topups/confirm', '确认充值', 'Confirm top-up')]),
    page('operator/products', '产品方案', 'Products', 'fa fa-cubes', [button('operator/products/edit', '编辑', 'Edit')]),
    page('operator/underwriting', '核保队列', 'Underwriting', 'fa fa-gavel', [button('operator/underwriting/decide', '核保', 'Decide')]),
    page('operator/endorsements', '批改审核', 'Endorsement review', 'fa fa-pencil', [
      button('operator/endorsements/decide', '审核', 'Decide'),
    ]),
    page('operator/invoices', '发票开具', 'Invoices', 'fa fa-file-text', [button('operator/invoices/issue', '开票', 'Issue')]),
    page('operator/claims', '理赔审核', 'Claim review', 'fa fa-stethoscope', [
      button('operator/claims/review', '审核', 'Review'),
      button('operator/claims/pay', '登记赔付', 'Record payment'),
    ]),
    page('operator/seals', '印章审核', 'Seal review', 'fa fa-certificate', [button('operator/seals/review', '审核', 'Review')]),
    page('operator/renewals', '续保跟进', 'Renewals', 'fa fa-refresh'),
    detail('operator/memberDetail', '会员详情', 'Member details'),
    detail('operator/endorseDetail', '批改审核详情', 'Endorsement review details'),
    detail('operator/invoiceDetail', '发票详情', 'Invoice details'),
    detail('operator/claimDetail', '理赔审核详情', 'Claim review details'),
  ]),
  userMenu('userMenu/overview', 'user/account/overview', '会员中心', 'Member centre', 'fa fa-user-circle'),
  userMenu('userMenu/changePassword', 'user/account/changePassword', '修改密码', 'Change password', 'fa fa-key'),
];

/**
 * Operator-only rules: the `operator` menu directory and everything under it. A group's `'*'`
 * (every member rule, now and later) never includes them; only an explicit grant does.
 */
export function isOperatorRule(rule: { name: string }): boolean {
  return rule.name === 'operator' || rule.name.startsWith('operator/');
}

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
