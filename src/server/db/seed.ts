import type { SQL } from 'bun';
import { num, nowSeconds, type Db } from './client';
import { migrate, withSchemaLock } from './migrations';

/** A rule of the seed tree; `children` nest by `pid`. */
interface SeedRule {
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
  children?: SeedRule[];
}

/** Partner host whose pages may be embedded under /user/iframe (also seeded into `iframeHosts`). */
export const DEMO_IFRAME_HOST = 'help.example.com';

const page = (name: string, title: string, title_en: string, icon: string, children?: SeedRule[]): SeedRule => ({
  type: 'menu', name, path: name, title, title_en, icon, children,
});
const button = (name: string, title: string, title_en: string): SeedRule => ({ type: 'button', name, title, title_en });
const detail = (name: string, title: string, title_en: string): SeedRule => ({
  type: 'route', name, path: name, title, title_en, extend: 'add_rules_only',
});

/** The member-centre rule tree: every page of the spec, plus head-nav and user-dropdown entries. */
export const SEED_RULES: SeedRule[] = [
  { type: 'nav', name: 'nav/home', path: '', title: '首页', title_en: 'Home', icon: 'fa fa-home', no_login_valid: 1 },
  { type: 'nav', name: 'nav/product', path: 'product', title: '保险产品', title_en: 'Products', icon: 'fa fa-shield', no_login_valid: 1 },
  { type: 'nav', name: 'nav/offer', path: 'offer', title: '在线报价', title_en: 'Get a quote', icon: 'fa fa-calculator', no_login_valid: 1 },
  {
    type: 'menu_dir', name: 'account', path: 'account', title: '我的账户', title_en: 'My account', icon: 'fa fa-user-circle',
    children: [
      page('account/overview', '账户概览', 'Overview', 'fa fa-tachometer'),
      page('account/profile', '个人资料', 'Profile', 'fa fa-id-card-o'),
      page('account/changePassword', '修改密码', 'Change password', 'fa fa-key'),
      page('account/balance', '余额记录', 'Balance', 'fa fa-money'),
      page('account/integral', '积分记录', 'Points', 'fa fa-star-o'),
      {
        type: 'menu', name: 'account/help', path: 'account/help', title: '帮助中心', title_en: 'Help centre',
        icon: 'fa fa-question-circle-o', menu_type: 'iframe', url: `https://${DEMO_IFRAME_HOST}/member-guide`,
      },
    ],
  },
  {
    type: 'menu_dir', name: 'order', path: 'order', title: '保单管理', title_en: 'Policies', icon: 'fa fa-file-text-o',
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
    type: 'menu_dir', name: 'claim', path: 'claim', title: '理赔服务', title_en: 'Claims', icon: 'fa fa-medkit',
    children: [
      page('claim/list', '理赔列表', 'Claim list', 'fa fa-list', [
        button('claim/list/add', '报案', 'Report a claim'),
        button('claim/list/export', '导出', 'Export'),
      ]),
    ],
  },
  {
    type: 'menu_dir', name: 'team', path: 'team', title: '团队管理', title_en: 'Team', icon: 'fa fa-sitemap',
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
    type: 'menu_dir', name: 'file', path: 'file', title: '文件管理', title_en: 'Files', icon: 'fa fa-folder-open-o',
    children: [page('file/sealfile', '文件盖章', 'Seal documents', 'fa fa-certificate')],
  },
  { type: 'nav_user_menu', name: 'userMenu/overview', path: 'user/account/overview', title: '会员中心', title_en: 'Member centre', icon: 'fa fa-user-circle' },
  { type: 'nav_user_menu', name: 'userMenu/changePassword', path: 'user/account/changePassword', title: '修改密码', title_en: 'Change password', icon: 'fa fa-key' },
];

/** Rule names the restricted "site manager" group gets: account and order pages, edit buttons only. */
export function siteManagerAllows(rule: { name: string; type: string }): boolean {
  if (rule.type === 'nav' || rule.type === 'nav_user_menu') return true;
  const area = rule.name.split('/')[0];
  if (area !== 'account' && area !== 'order') return false;
  if (rule.type === 'button') return rule.name.endsWith('/edit');
  return true;
}

/** Site configuration written on a fresh database. `signingSecret` is created on demand, not here. */
export const SEED_CONFIG: Record<string, unknown> = {
  siteName: '保险经纪会员中心',
  siteName_en: 'Insurance Broker Member Centre',
  recordNumber: '沪ICP备2026012345号-1',
  version: '1.0.0',
  cdnUrl: '',
  apiUrl: '',
  upload: {
    mode: 'local',
    maxSize: 10 * 1024 * 1024,
    saveName: '/storage/{topic}/{year}{mon}{day}/{fileName}{fileSha1}{.suffix}',
    allowedSuffixes: 'jpg,png,bmp,jpeg,gif,webp,zip,rar,pdf,xls,xlsx,doc,docx',
    allowedMimeTypes: '',
  },
  openMemberCenter: true,
  timezone: 'Asia/Shanghai',
  iframeHosts: [DEMO_IFRAME_HOST],
};

/** Demo logins (documented in the README); seeded unless PORTAL_DEMO=0. */
export const DEMO_USERS = [
  {
    username: 'demo', password: 'Demo#2026', group: 'default', nickname: '演示会员', email: 'demo@example.com',
    mobile: '13800138000', gender: 1, money: 1_250_000, score: 320, motto: '安全生产，保障无忧',
  },
  {
    username: 'manager', password: 'Manager#2026', group: 'manager', nickname: '现场经理', email: 'manager@example.com',
    mobile: '13900139000', gender: 2, money: 50_000, score: 40, motto: '',
  },
  {
    username: 'operator', password: 'Operator#2026', group: 'operator', nickname: '运营专员', email: 'operator@example.com',
    mobile: null, gender: 0, money: 0, score: 0, motto: '',
  },
] as const;

export const GROUP_NAMES = {
  default: 'Default member group',
  manager: 'Site manager',
  operator: 'Operator',
} as const;

export interface SeedOptions {
  /** Seed the demo members (default: `demoByDefault()`). */
  demo?: boolean;
}

/**
 * Demo members (known passwords) are seeded unless PORTAL_DEMO=0; in production
 * (NODE_ENV=production) only when PORTAL_DEMO=1 says so explicitly.
 */
export function demoByDefault(env: Record<string, string | undefined> = process.env): boolean {
  if (env.PORTAL_DEMO !== undefined && env.PORTAL_DEMO !== '') return env.PORTAL_DEMO !== '0';
  return env.NODE_ENV !== 'production';
}

/** A database is fresh when it has no seed marker and no members. */
export async function isFresh(sql: SQL): Promise<boolean> {
  const marker = await sql`SELECT key FROM site_config WHERE key = 'seededAt'`;
  if (marker.length) return false;
  const [row] = await sql`SELECT COUNT(*) AS n FROM "user"`;
  return num(row.n) === 0;
}

/**
 * Seed a fresh database: site configuration, the rule tree and the three groups always (the app
 * needs them to work); the demo members only when `demo` is on. Returns false when not fresh.
 */
export async function seed(db: Db, options: SeedOptions = {}): Promise<{ seeded: boolean; demo: boolean }> {
  const demo = options.demo ?? demoByDefault();
  if (!(await isFresh(db.sql))) return { seeded: false, demo: false }; // cheap check before hashing
  // Hash outside the lock: argon2id is slow on purpose and the lock blocks other instances.
  const hashes = demo ? await Promise.all(DEMO_USERS.map((u) => Bun.password.hash(u.password))) : [];
  return withSchemaLock(db, async (tx) => {
    if (!(await isFresh(tx))) return { seeded: false, demo: false };
    const now = nowSeconds();
    for (const [key, value] of Object.entries(SEED_CONFIG)) {
      await tx`INSERT INTO site_config (key, value, updated_at) VALUES (${key}, ${JSON.stringify(value)}, ${now})`;
    }
    const all: { id: number; name: string; type: string }[] = [];
    let weigh = 1000;
    const insert = async (rules: SeedRule[], pid: number) => {
      for (const r of rules) {
        const [row] = await tx`INSERT INTO user_rule ${tx({
          pid,
          type: r.type,
          title: r.title,
          title_en: r.title_en,
          name: r.name,
          path: r.path ?? '',
          icon: r.icon ?? '',
          menu_type: r.menu_type ?? 'tab',
          url: r.url ?? '',
          extend: r.extend ?? 'none',
          no_login_valid: r.no_login_valid ?? 0,
          weigh: weigh--,
          status: 1,
          created_at: now,
          updated_at: now,
        })} RETURNING id`;
        const id = num(row.id);
        all.push({ id, name: r.name, type: r.type });
        if (r.children) await insert(r.children, id);
      }
    };
    await insert(SEED_RULES, 0);
    const managerIds = all.filter(siteManagerAllows).map((r) => r.id).join(',');
    const groupIds: Record<keyof typeof GROUP_NAMES, number> = { default: 0, manager: 0, operator: 0 };
    const groupRules = { default: '*', manager: managerIds, operator: all.map((r) => r.id).join(',') };
    for (const key of ['default', 'manager', 'operator'] as const) {
      const [row] = await tx`INSERT INTO user_group (name, rules, status, created_at, updated_at)
        VALUES (${GROUP_NAMES[key]}, ${groupRules[key]}, 1, ${now}, ${now}) RETURNING id`;
      groupIds[key] = num(row.id);
    }
    if (demo) {
      for (const [i, u] of DEMO_USERS.entries()) {
        await tx`INSERT INTO "user" ${tx({
          group_id: groupIds[u.group],
          username: u.username,
          nickname: u.nickname,
          email: u.email,
          mobile: u.mobile,
          avatar: '',
          gender: u.gender,
          money: u.money,
          score: u.score,
          password_hash: hashes[i],
          status: 'enable',
          join_time: now,
          join_ip: '127.0.0.1',
          motto: u.motto,
          created_at: now,
          updated_at: now,
        })}`;
      }
    }
    await tx`INSERT INTO site_config (key, value, updated_at) VALUES ('seededAt', ${JSON.stringify(now)}, ${now})`;
    return { seeded: true, demo };
  });
}

/** Migrate, then seed when the database is fresh. Called by `bun start`, `bun dev` and the tests. */
export async function ensureDatabase(
  db: Db,
  options: SeedOptions = {},
): Promise<{ migrated: number; seeded: boolean; demo: boolean }> {
  const migrated = await migrate(db);
  const { seeded, demo } = await seed(db, options);
  return { migrated, seeded, demo };
}
