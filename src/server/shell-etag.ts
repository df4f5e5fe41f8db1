/**
 * The element tag of the member-centre shell (header, sidebar, footer: the `(centre)` layout), so
 * Waku's client keeps the shell it has across in-app navigations instead of receiving it again
 * with every page (`unstable_getEtag` of the layout's config). The tag holds everything the shell
 * shows besides the current path: the member and their data version (decision 0009: any write they
 * can see moves it), the config versions (site, menus and rules, groups), language, theme, the
 * browser's time zone and the hour. The current entry's `aria-current` is set in the browser after
 * each navigation (src/lib/navigation/nav-anchors.ts).
 */
import { zonedParts } from '~/lib/format';
import { tryRequestContext } from '~/server/context';
import { getDb } from '~/server/db/client';
import { configVersions, getSiteConfig } from '~/server/site-config';

export async function memberShellEtag(): Promise<string | undefined> {
  const ctx = tryRequestContext();
  if (!ctx?.session) return undefined;
  const db = getDb();
  const versions = await configVersions(db);
  const site = await getSiteConfig(db);
  const hour = (zone: string) => {
    const p = zonedParts(Date.now(), zone);
    return `${p.YYYY}${p.MM}${p.DD}${p.HH}`;
  };
  const zone = ctx.browserTimeZone ?? site.site.timezone;
  const parts = [
    ctx.session.userId,
    // An operator viewing this member's centre sees the read-only banner in the shell (decision 0016).
    ctx.session.viewAs?.id ?? 0,
    ctx.dataVersion ?? 0,
    versions.site,
    versions.rules,
    versions.groups,
    versions.catalogue,
    ctx.locale,
    ctx.theme,
    zone,
    hour(zone),
  ];
  return `s${Bun.hash(parts.join('|')).toString(36)}`;
}
