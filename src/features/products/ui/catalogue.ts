import type { IconName } from '~/ui/icon';

/** The four products of DESIGN.md §1, in display order, with their member-centre page. */
export const PRODUCTS: readonly { key: 'guzhu' | 'tuanyi' | 'anze' | 'personal'; icon: IconName; href: string }[] = [
  { key: 'guzhu', icon: 'hardHat', href: '/user/order/guzhu' },
  { key: 'tuanyi', icon: 'users', href: '/user/order/tuanyi' },
  { key: 'anze', icon: 'shieldCheck', href: '/user/order/anze' },
  { key: 'personal', icon: 'personRun', href: '/user/order/personal' },
];
