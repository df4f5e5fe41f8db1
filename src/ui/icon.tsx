/**
 * Stroke icons (24-unit grid, currentColor), served once as an SVG sprite (`/icons.svg`) and
 * referenced with <use>: inline paths repeated in every menu entry doubled the page weight
 * (they travel in the HTML and again in the RSC payload). Decorative unless given a label.
 */
export const PATHS = {
  shield: 'M12 3l8 3v6c0 4.5-3.2 8.3-8 9.5C7.2 20.3 4 16.5 4 12V6l8-3z',
  shieldCheck: 'M12 3l8 3v6c0 4.5-3.2 8.3-8 9.5C7.2 20.3 4 16.5 4 12V6l8-3z M8.5 12.2l2.3 2.3 4.7-4.8',
  menu: 'M4 6h16 M4 12h16 M4 18h16',
  close: 'M6 6l12 12 M18 6L6 18',
  sun: 'M12 8a4 4 0 100 8 4 4 0 000-8z M12 2v2 M12 20v2 M4.9 4.9l1.4 1.4 M17.7 17.7l1.4 1.4 M2 12h2 M20 12h2 M4.9 19.1l1.4-1.4 M17.7 6.3l1.4-1.4',
  moon: 'M20 14.5A8 8 0 019.5 4 8 8 0 1020 14.5z',
  globe: 'M12 3a9 9 0 100 18 9 9 0 000-18z M3 12h18 M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z',
  user: 'M12 12a4 4 0 100-8 4 4 0 000 8z M4 21c0-4 3.6-6.5 8-6.5s8 2.5 8 6.5',
  users: 'M9 11a4 4 0 100-8 4 4 0 000 8z M2 21c0-3.6 3.1-6 7-6s7 2.4 7 6 M16 3.5a4 4 0 010 7.5 M18 15c2.4.6 4 2.6 4 5.5',
  chevronDown: 'M6 9l6 6 6-6',
  chevronRight: 'M9 6l6 6-6 6',
  arrowRight: 'M5 12h14 M13 6l6 6-6 6',
  home: 'M3 11l9-7 9 7 M5 10v10h5v-6h4v6h5V10',
  wallet: 'M3 7a2 2 0 012-2h13v4 M3 7v11a2 2 0 002 2h15V9H5a2 2 0 01-2-2z M16 14.5h.01',
  star: 'M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9L12 3z',
  lock: 'M6 11h12v10H6z M8.5 11V8a3.5 3.5 0 017 0v3',
  file: 'M14 3H6v18h12V7l-4-4z M14 3v4h4',
  fileSeal: 'M14 3H6v18h5 M14 3v4h4v4 M17 14a3 3 0 100 6 3 3 0 000-6z M15.5 19.5L15 23l2-1 2 1-.5-3.5',
  receipt: 'M6 3h12v18l-3-2-3 2-3-2-3 2V3z M9 8h6 M9 12h6',
  clipboard: 'M9 4h6v3H9z M9 5H6v16h12V5h-3 M9 12h6 M9 16h4',
  briefcase: 'M3 8h18v12H3z M8 8V5h8v3 M3 13h18',
  hardHat: 'M2.5 18h19 M4.5 18v-2.5a7.5 7.5 0 0115 0V18 M9.5 9V6.5h5V9 M12 6.5v5',
  heartPulse: 'M12 20s-7-4.4-7-10a4 4 0 017-2.6A4 4 0 0119 10c0 5.6-7 10-7 10z M8 12h2l1-2 2 4 1-2h2',
  personRun: 'M13 4a1.5 1.5 0 100 3 1.5 1.5 0 000-3z M7 21l3-6 3 2v5 M10 15l1-5 3 2 3 1 M11 10l-3 1-1 3',
  userPlus: 'M10 11a4 4 0 100-8 4 4 0 000 8z M3 21c0-3.8 3.1-6.5 7-6.5 1.4 0 2.7.3 3.8.9 M19 14v6 M16 17h6',
  share: 'M6 12a2.5 2.5 0 100 .01 M18 6a2.5 2.5 0 100 .01 M18 18a2.5 2.5 0 100 .01 M8.2 11l7.6-4 M8.2 13l7.6 4',
  mail: 'M3 6h18v12H3z M3 7l9 6 9-6',
  phone: 'M8 3h8v18H8z M11 18h2',
  logout: 'M14 4h5v16h-5 M10 8l-4 4 4 4 M6 12h10',
  info: 'M12 3a9 9 0 100 18 9 9 0 000-18z M12 11v5 M12 8h.01',
  alert: 'M12 3L2 20h20L12 3z M12 10v4 M12 17h.01',
  clock: 'M12 3a9 9 0 100 18 9 9 0 000-18z M12 7v5l3 2',
  check: 'M5 12.5l4.5 4.5L19 7.5',
  calculator: 'M6 3h12v18H6z M9 7h6 M9 11h.01 M12 11h.01 M15 11h.01 M9 14h.01 M12 14h.01 M15 14h.01 M9 17h.01 M12 17h.01 M15 17h.01',
  external: 'M14 4h6v6 M20 4l-9 9 M18 14v6H4V6h6',
  grid: 'M4 4h7v7H4z M13 4h7v7h-7z M4 13h7v7H4z M13 13h7v7h-7z',
  idCard: 'M3 5h18v14H3z M8.5 10.5a2 2 0 100-4 2 2 0 000 4z M5.5 15.5c.4-1.9 1.6-3 3-3s2.6 1.1 3 3 M14 9h4 M14 12.5h4',
  layers: 'M12 3l9 5-9 5-9-5 9-5z M3 12.5l9 5 9-5 M3 16.5l9 5 9-5',
  listTree: 'M4 5h4 M4 5v12 M4 11h4 M4 17h4 M11 5h9 M11 11h9 M11 17h9',
  sliders: 'M4 6h10 M18 6h2 M16 4v4 M4 12h3 M11 12h9 M9 10v4 M4 18h12 M18 16v4',
  history: 'M3.5 12a8.5 8.5 0 102.5-6 M3 4v4h4 M12 8v4.5l3 2',
  gavel: 'M13.5 4.5l6 6 M11 7l6 6 M12.2 5.8l-4.4 4.4 6 6 4.4-4.4 M9.8 12.2L3.5 18.5l2 2 6.3-6.3 M13 21h8',
  fileEdit: 'M13 3H6v18h5 M13 3v4h4v3 M19.5 12.5l2 2L15 21h-2v-2l6.5-6.5z',
  clipboardCheck: 'M9 4h6v3H9z M9 5H6v16h12V5h-3 M9 14l2 2 4-4',
  creditCard: 'M3 6h18v12H3z M3 10h18 M7 15h3',
  stamp: 'M9.5 4.5a2.5 2.5 0 015 0c0 2-1.5 3-1.5 5.5h-2C11 7.5 9.5 6.5 9.5 4.5z M5 13h14v4H5z M7 21h10',
  box: 'M12 3l8 4.5v9L12 21l-8-4.5v-9L12 3z M4 7.5l8 4.5 8-4.5 M12 12v9',
  send: 'M21 3L3 10.5l7 3 3 7L21 3z M10 13.5L21 3',
  refresh: 'M20 11a8 8 0 00-14.3-4.9L4 8 M4 4v4h4 M4 13a8 8 0 0014.3 4.9L20 16 M20 20v-4h-4',
  bell: 'M6 16V11a6 6 0 0112 0v5l1.5 2h-15L6 16z M10 20.5a2 2 0 004 0',
} as const;

export type IconName = keyof typeof PATHS;

/** Cache-busting version of the sprite: changes whenever an icon changes. */
// Six base-36 characters: the URL is repeated in every icon of every page, and a cache buster needs no more.
export const SPRITE_VERSION = Bun.hash(JSON.stringify(PATHS)).toString(36).slice(0, 6);

/** The sprite file served at `/icons.svg`. */
export function spriteSvg(): string {
  const symbols = Object.entries(PATHS)
    .map(([name, d]) => `<symbol id="${name}" viewBox="0 0 24 24"><path d="${d}"/></symbol>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols}</svg>`;
}

export function Icon({ name, size = 18, label, className }: { name: IconName; size?: number; label?: string; className?: string }) {
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      // 18 px comes from the stylesheet (`.icon:not([width])`): dozens of icons on every page.
      width={size === 18 ? undefined : size}
      height={size === 18 ? undefined : size}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      <use href={`/icons.svg?v=${SPRITE_VERSION}#${name}`} />
    </svg>
  );
}

/** Icon for a member-centre route (the server's `icon` field is a font class we do not ship). */
export function routeIcon(href: string): IconName {
  const p = href.replace(/^\/user\//, '');
  const map: Record<string, IconName> = {
    'account/overview': 'grid',
    'account/profile': 'user',
    'account/changePassword': 'lock',
    'account/balance': 'wallet',
    'account/integral': 'star',
    help: 'info',
    'claim/list': 'heartPulse',
    'file/sealfile': 'fileSeal',
    'order/guzhu': 'hardHat',
    'order/tuanyi': 'users',
    'order/anze': 'shieldCheck',
    'order/personal': 'personRun',
    'order/withoutDetail': 'clipboard',
    'order/endorse': 'file',
    'order/endorseDetail': 'file',
    'order/groupDetail': 'clipboard',
    'order/invoiceApply': 'receipt',
    'team/addAccount': 'userPlus',
    'team/allocation': 'share',
    'team/teamMange': 'users',
    'operator/members': 'idCard',
    'operator/memberDetail': 'idCard',
    'operator/groups': 'layers',
    'operator/rules': 'listTree',
    'operator/settings': 'sliders',
    'operator/audit': 'history',
    'operator/underwriting': 'gavel',
    'operator/endorsements': 'fileEdit',
    'operator/endorseDetail': 'fileEdit',
    'operator/claims': 'clipboardCheck',
    'operator/claimDetail': 'clipboardCheck',
    'operator/invoices': 'receipt',
    'operator/invoiceDetail': 'receipt',
    'operator/topups': 'creditCard',
    'operator/seals': 'stamp',
    'operator/products': 'box',
    'operator/deliveries': 'send',
    'operator/renewals': 'refresh',
    notice: 'bell',
    renewal: 'refresh',
  };
  if (map[p]) return map[p];
  if (p.startsWith('iframe/')) return 'external';
  const area = p.split('/')[0];
  return (
    ({ account: 'user', order: 'briefcase', claim: 'heartPulse', team: 'users', file: 'file' } as Record<string, IconName>)[area] ??
    'chevronRight'
  );
}
