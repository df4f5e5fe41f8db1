import { assetUrl } from '~/lib/format';
import { buildMemberCentre } from '~/lib/member-centre';
import type { Locale, MemberCentre, SiteInfo, Theme, UserInfo } from '~/lib/types';
import { getRequestContext, type RequestContext } from './context';
import { getDb } from './db/client';
import { loadIndexPayload } from '~/features/menus';
import { getSiteConfig } from './site-config';

/** A member as pages see it: no tokens, nothing secret. */
export type PortalUser = Omit<UserInfo, 'token' | 'refresh_token' | 'signature'>;

/** What server components need to render any page: one call, memoised per request. */
export interface PortalView {
  locale: Locale;
  theme: Theme;
  /** Time zone for dates and greetings: the browser's once known, else the site's (spec §9). */
  timeZone: string;
  nonce: string;
  /** Current pathname, e.g. `/user/account/overview`. */
  path: string;
  site: SiteInfo;
  openMemberCenter: boolean;
  /** The signed-in member without tokens, or null. */
  user: PortalUser | null;
  centre: MemberCentre;
  /** True when the current `/user/...` page is not in the member's group (render 403). */
  forbidden: boolean;
}

const views = new WeakMap<RequestContext, Promise<PortalView>>();

async function loadView(ctx: RequestContext): Promise<PortalView> {
  const db = getDb();
  const [{ site, openMemberCenter }, payload] = await Promise.all([
    getSiteConfig(db, ctx.locale),
    loadIndexPayload(db, { session: ctx.session, locale: ctx.locale, requiredLogin: false, sessionProblem: ctx.sessionProblem }),
  ]);
  let user: PortalUser | null = null;
  if ('id' in payload.userInfo) {
    const { token: _t, refresh_token: _r, signature: _s, ...rest } = payload.userInfo as UserInfo;
    // Relative upload paths go through the site's CDN (spec §7 asset URL rule).
    user = { ...rest, avatar: assetUrl(rest.avatar, site.cdnUrl) };
  }
  return {
    locale: ctx.locale,
    theme: ctx.theme,
    timeZone: ctx.browserTimeZone ?? site.timezone ?? 'Asia/Shanghai',
    nonce: ctx.nonce,
    path: ctx.pathname,
    site,
    openMemberCenter,
    user,
    centre: buildMemberCentre(payload),
    forbidden: ctx.status === 403,
  };
}

/**
 * Everything a page or layout needs about the site, the member and their menus.
 * Layouts and pages render in parallel; the promise is shared per request so
 * the database is asked once.
 */
export function getPortalView(): Promise<PortalView> {
  const ctx = getRequestContext();
  let view = views.get(ctx);
  if (!view) {
    view = loadView(ctx);
    views.set(ctx, view);
  }
  return view;
}
