/**
 * Site settings (issue #14): ONE schema module. Each entry names its key, type, default, check
 * and labels; the API (GET/POST /operator/settings), the settings form and the validation all
 * read this list, so a later issue adds a setting by adding one entry here. Isomorphic: no
 * server imports.
 */
import { validTimeZone } from '~/lib/format';
import type { Locale } from '~/lib/types';

export type SettingType = 'text' | 'bool' | 'select' | 'list' | 'number';

/** What a check may need beyond the value (filled in by the server). */
export interface SettingContext {
  /** Upload modes this deployment can serve (`local`, plus a configured object store). */
  storageModes: readonly string[];
}

export interface SettingDef {
  /** The API and form key, e.g. `siteName`, `upload.maxSize`. */
  key: string;
  type: SettingType;
  default: unknown;
  /** Stored in site_config under `store[0]`, or inside that object at `store[1]`. */
  store: readonly [string] | readonly [string, string];
  /** Choices of a `select`. */
  options?: readonly string[];
  /** Message key of the first problem of an already normalised value, or null. */
  check: (value: unknown, ctx: SettingContext) => string | null;
  labels: Record<Locale, string>;
  help?: Record<Locale, string>;
  section: 'site' | 'login' | 'upload' | 'insurer' | 'renewals' | 'balance';
}

const len = (min: number, max: number, key: string) => (v: unknown) =>
  typeof v === 'string' && [...v].length >= min && [...v].length <= max ? null : key;

const HOST = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;
const RECORD_NUMBER = /^[\u4e00-\u9fa5]ICP备\d{6,12}号(-\d{1,4})?$/;
/** Suffixes and types a browser could run: never allowed for uploads, whatever an operator types. */
export const DANGEROUS_SUFFIXES = ['html', 'htm', 'xhtml', 'shtml', 'svg', 'svgz', 'js', 'mjs', 'php', 'phtml', 'exe', 'bat', 'cmd', 'sh'];
const DANGEROUS_MIME =
  /^(text\/html|application\/xhtml\+xml|image\/svg\+xml|(application|text)\/(x-)?javascript|application\/x-(httpd-)?php|application\/x-msdownload)$/;
/** Tokens of `upload.saveName` (spec §9). */
export const SAVE_NAME_TOKENS = [
  'topic',
  'year',
  'mon',
  'day',
  'hour',
  'min',
  'sec',
  'random',
  'random32',
  'fileName',
  'suffix',
  '.suffix',
  'fileSha1',
];

function checkSaveName(v: unknown): string | null {
  if (typeof v !== 'string' || v.length < 1 || v.length > 200) return 'operator.settings.saveNameInvalid';
  const tokens = [...v.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1]);
  if (tokens.some((t) => !SAVE_NAME_TOKENS.includes(t))) return 'operator.settings.saveNameToken';
  if (!tokens.some((t) => t === 'random' || t === 'random32' || t === 'fileSha1')) return 'operator.settings.saveNameUnique';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/\.\.|[\\\u0000-\u001f]/.test(v)) return 'operator.settings.saveNameInvalid';
  return null;
}

/** Every setting, in form order. */
export const SETTINGS: readonly SettingDef[] = [
  {
    key: 'siteName',
    type: 'text',
    default: '保险经纪会员中心',
    store: ['siteName'],
    check: len(1, 60, 'operator.settings.siteName'),
    labels: { 'zh-cn': '站点名称', en: 'Site name (Chinese)' },
    section: 'site',
  },
  {
    key: 'siteName_en',
    type: 'text',
    default: '',
    store: ['siteName_en'],
    check: len(0, 60, 'operator.settings.siteNameEn'),
    labels: { 'zh-cn': '站点名称（英文）', en: 'Site name (English)' },
    help: { 'zh-cn': '留空时英文界面使用中文名称', en: 'Empty: the English pages use the Chinese name' },
    section: 'site',
  },
  {
    key: 'recordNumber',
    type: 'text',
    default: '',
    store: ['recordNumber'],
    check: (v) => (v === '' || (typeof v === 'string' && RECORD_NUMBER.test(v)) ? null : 'operator.settings.recordNumber'),
    labels: { 'zh-cn': '备案号', en: 'ICP record number' },
    help: { 'zh-cn': '例如 沪ICP备2026012345号-1，可留空', en: 'The ICP registration number shown in the footer, or empty' },
    section: 'site',
  },
  {
    key: 'timezone',
    type: 'text',
    default: 'Asia/Shanghai',
    store: ['timezone'],
    check: (v) => (typeof v === 'string' && validTimeZone(v) ? null : 'operator.settings.timezone'),
    labels: { 'zh-cn': '时区', en: 'Time zone' },
    help: { 'zh-cn': 'IANA 名称，例如 Asia/Shanghai', en: 'An IANA name, e.g. Asia/Shanghai' },
    section: 'site',
  },
  {
    key: 'openMemberCenter',
    type: 'bool',
    default: true,
    store: ['openMemberCenter'],
    check: (v) => (typeof v === 'boolean' ? null : 'operator.settings.bool'),
    labels: { 'zh-cn': '开放会员中心', en: 'Member centre open' },
    help: { 'zh-cn': '关闭后运营人员仍可登录和操作', en: 'When closed, operators still sign in and work' },
    section: 'login',
  },
  {
    key: 'loginCaptcha',
    type: 'bool',
    default: true,
    store: ['userLoginCaptcha'],
    check: (v) => (typeof v === 'boolean' ? null : 'operator.settings.bool'),
    labels: { 'zh-cn': '登录验证码', en: 'Login captcha' },
    help: {
      'zh-cn': '环境变量 PORTAL_LOGIN_CAPTCHA=0 会覆盖此项（自动化测试）',
      en: 'The environment variable PORTAL_LOGIN_CAPTCHA=0 overrides this (automated tests)',
    },
    section: 'login',
  },
  {
    key: 'iframeHosts',
    type: 'list',
    default: [],
    store: ['iframeHosts'],
    check: (v) =>
      !Array.isArray(v) || v.length > 20
        ? 'operator.settings.iframeHostsCount'
        : v.every((h) => typeof h === 'string' && HOST.test(h))
          ? null
          : 'operator.settings.iframeHost',
    labels: { 'zh-cn': '允许嵌入的主机', en: 'Hosts allowed in iframes' },
    help: { 'zh-cn': '每行一个主机名，最多 20 个', en: 'One host name a line, at most 20' },
    section: 'site',
  },
  {
    key: 'upload.mode',
    type: 'select',
    default: 'local',
    store: ['upload', 'mode'],
    options: ['local', 's3'],
    check: (v, ctx) => (typeof v === 'string' && ctx.storageModes.includes(v) ? null : 'operator.settings.uploadMode'),
    labels: { 'zh-cn': '上传存储', en: 'Upload storage' },
    help: { 'zh-cn': '对象存储需要先在服务器上配置', en: 'An object store must be configured on the server first' },
    section: 'upload',
  },
  {
    key: 'upload.maxSize',
    type: 'number',
    default: 10 * 1024 * 1024,
    store: ['upload', 'maxSize'],
    check: (v) =>
      typeof v === 'number' && Number.isInteger(v) && v >= 1024 && v <= 100 * 1024 * 1024 ? null : 'operator.settings.maxSize',
    labels: { 'zh-cn': '单个文件上限（字节）', en: 'Largest file (bytes)' },
    help: { 'zh-cn': '1 KB 到 100 MB', en: '1 KB to 100 MB' },
    section: 'upload',
  },
  {
    key: 'upload.allowedSuffixes',
    type: 'list',
    default: ['jpg', 'png', 'bmp', 'jpeg', 'gif', 'webp', 'zip', 'rar', 'pdf', 'xls', 'xlsx', 'doc', 'docx'],
    store: ['upload', 'allowedSuffixes'],
    check: (v) => {
      if (!Array.isArray(v) || !v.length || v.length > 50) return 'operator.settings.suffixes';
      if (!v.every((s) => typeof s === 'string' && /^[a-z0-9]{1,10}$/.test(s))) return 'operator.settings.suffixes';
      return v.some((s) => DANGEROUS_SUFFIXES.includes(s)) ? 'operator.settings.suffixDangerous' : null;
    },
    labels: { 'zh-cn': '允许的后缀', en: 'Allowed suffixes' },
    help: { 'zh-cn': '逗号分隔；html、svg、js、php、exe 永不允许', en: 'Comma separated; html, svg, js, php and exe are never allowed' },
    section: 'upload',
  },
  {
    key: 'upload.allowedMimeTypes',
    type: 'list',
    default: [],
    store: ['upload', 'allowedMimeTypes'],
    check: (v) => {
      if (!Array.isArray(v) || v.length > 50) return 'operator.settings.mimeTypes';
      if (!v.every((s) => typeof s === 'string' && /^[a-z]+\/[a-z0-9.+*-]+$/.test(s))) return 'operator.settings.mimeTypes';
      return v.some((s) => DANGEROUS_MIME.test(s)) ? 'operator.settings.mimeDangerous' : null;
    },
    labels: { 'zh-cn': '允许的 MIME 类型', en: 'Allowed MIME types' },
    help: { 'zh-cn': '逗号分隔，留空表示按后缀判断', en: 'Comma separated; empty: suffixes decide' },
    section: 'upload',
  },
  {
    key: 'upload.saveName',
    type: 'text',
    default: '/storage/{topic}/{year}{mon}{day}/{fileName}{fileSha1}{.suffix}',
    store: ['upload', 'saveName'],
    check: checkSaveName,
    labels: { 'zh-cn': '保存文件名', en: 'Saved file name' },
    help: {
      'zh-cn': '需包含 {random}、{random32} 或 {fileSha1}',
      en: 'Must contain {random}, {random32} or {fileSha1}',
    },
    section: 'upload',
  },
  {
    key: 'insurer.mode',
    type: 'select',
    default: 'sandbox',
    options: ['sandbox', 'manual'],
    store: ['insurer', 'mode'],
    check: (v) => (v === 'sandbox' || v === 'manual' ? null : 'operator.settings.insurerMode'),
    labels: { 'zh-cn': '承保方式', en: 'Underwriting mode' },
    help: {
      'zh-cn': 'sandbox：沙箱保险公司自动承保；manual：运营人员在“人工核保”页逐单决定',
      en: 'sandbox: the sandbox insurer decides by itself; manual: operators decide every order on the underwriting page',
    },
    section: 'insurer',
  },
  {
    key: 'insurer.underwriteDelaySeconds',
    type: 'number',
    default: 3,
    store: ['insurer', 'underwriteDelaySeconds'],
    check: (v) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 3600 ? null : 'operator.settings.insurerDelay'),
    labels: { 'zh-cn': '沙箱承保延迟（秒）', en: 'Sandbox delay (seconds)' },
    help: { 'zh-cn': '支付后沙箱答复前等待的秒数，0 到 3600', en: 'Seconds the sandbox waits after payment before it answers, 0 to 3600' },
    section: 'insurer',
  },
  {
    // Read by the endorse area's sandbox (src/features/endorse/sandbox.ts): the member's undo window.
    key: 'insurer.endorseDelaySeconds',
    type: 'number',
    default: 300,
    store: ['insurer', 'endorseDelaySeconds'],
    check: (v) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 3600 ? null : 'operator.settings.insurerDelay'),
    labels: { 'zh-cn': '沙箱批改答复延迟（秒）', en: 'Sandbox endorsement delay (seconds)' },
    help: {
      'zh-cn': '批改提交后沙箱答复前等待的秒数（0 到 3600）；会员在此期间可撤回批改，0 表示立即答复、不可撤回',
      en: 'Seconds the sandbox waits after an endorsement is submitted before it answers (0 to 3600); members can withdraw it until then, 0 answers at once with no window',
    },
    section: 'insurer',
  },
  {
    key: 'insurer.refuseMarker',
    type: 'text',
    default: 'SANDBOX-REFUSE',
    store: ['insurer', 'refuseMarker'],
    check: (v) => (typeof v === 'string' && /^[\p{L}\p{N}_-]{3,40}$/u.test(v) ? null : 'operator.settings.insurerMarker'),
    labels: { 'zh-cn': '沙箱拒保标记', en: 'Sandbox refusal marker' },
    help: {
      'zh-cn': '投保人名称含此标记时沙箱拒保（3 到 40 个字母、数字、_ 或 -）',
      en: 'The sandbox refuses a policyholder whose name contains it (3 to 40 letters, digits, _ or -)',
    },
    section: 'insurer',
  },
  {
    // Read by the renewals area's reminder job (src/features/renewals/reminders.ts).
    key: 'renewalReminderDays',
    type: 'list',
    default: ['30', '14', '3'],
    store: ['renewalReminderDays'],
    check: (v) =>
      Array.isArray(v) &&
      v.length >= 1 &&
      v.length <= 5 &&
      v.every((d) => typeof d === 'string' && /^\d{1,2}$/.test(d) && Number(d) >= 1 && Number(d) <= 60)
        ? null
        : 'operator.settings.reminderDays',
    labels: { 'zh-cn': '到期提醒（提前天数）', en: 'Cover-ending reminders (days before)' },
    help: {
      'zh-cn': '保单到期前多少天提醒会员续保，逗号分隔，1 到 60，最多 5 个，例如 30, 14, 3',
      en: 'Days before a policy ends that its member is reminded to renew: comma separated, 1 to 60, at most 5, e.g. 30, 14, 3',
    },
    section: 'renewals',
  },
  {
    // Read by the runway area's alert job (src/features/runway/alerts.ts).
    key: 'runwayAlertDays',
    type: 'number',
    default: 14,
    store: ['runwayAlertDays'],
    check: (v) => (typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 365 ? null : 'operator.settings.runwayDays'),
    labels: { 'zh-cn': '余额可用天数提醒线（天）', en: 'Balance runway alert (days)' },
    help: {
      'zh-cn': '按当天在保人数估算的余额可用天数低于此值时通知会员（每次跌破通知一次），1 到 365',
      en: "Members are notified when their balance lasts fewer days than this at today's headcount (once each time it falls under), 1 to 365",
    },
    section: 'balance',
  },
];

export const SETTING_KEYS = SETTINGS.map((s) => s.key);
export const settingDef = (key: string): SettingDef | undefined => SETTINGS.find((s) => s.key === key);

/**
 * A submitted value in the setting's type: text trimmed, bool from form/JSON flags, list from an
 * array or a comma/newline separated string (lower-cased for suffixes, hosts and types), number
 * from a string. Returns undefined when the shape is hopeless (the check then reports it).
 */
export function normaliseSetting(def: SettingDef, raw: unknown): unknown {
  switch (def.type) {
    case 'text':
    case 'select':
      return typeof raw === 'string' ? raw.trim() : typeof raw === 'number' ? String(raw) : undefined;
    case 'bool':
      if (typeof raw === 'boolean') return raw;
      if (raw === 1 || raw === '1' || raw === 'true' || raw === 'on') return true;
      if (raw === 0 || raw === '0' || raw === 'false' || raw === 'off' || raw === '') return false;
      return undefined;
    case 'number': {
      const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*\d+\s*$/.test(raw) ? Number(raw) : Number.NaN;
      return Number.isFinite(n) ? n : undefined;
    }
    case 'list': {
      const items = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(/[\s,，]+/) : undefined;
      if (!items) return undefined;
      const out: string[] = [];
      for (const i of items) {
        if (typeof i !== 'string') return undefined;
        const s = i.trim().toLowerCase().replace(/^\./, '');
        if (s && !out.includes(s)) out.push(s);
      }
      return out;
    }
  }
}

/** The problem of one submitted value (normalised first), or null; `value` is the normalised value. */
export function checkSetting(def: SettingDef, raw: unknown, ctx: SettingContext): { value: unknown; error: string | null } {
  const value = normaliseSetting(def, raw);
  if (value === undefined) return { value, error: def.type === 'bool' ? 'operator.settings.bool' : 'validate.invalid' };
  return { value, error: def.check(value, ctx) };
}

/** The schema as the API sends it (no functions). */
export function settingsSchemaView() {
  return SETTINGS.map(({ key, type, default: d, options, labels, help, section }) => ({
    key,
    type,
    default: d,
    options: options ?? null,
    labels,
    help: help ?? null,
    section,
  }));
}
