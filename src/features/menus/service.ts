import type { IndexPayload, Locale } from '~/lib/types';
import type { Session } from '~/server/context';
import type { Db } from '~/server/db/client';
import { noSession } from '~/server/errors';
import { getUserInfo, type OwnTokens } from '~/server/members';
import { buildTree, loadRules, memberRules } from '~/server/permissions';
import type { SessionProblem } from '~/server/session';
import { getSiteConfig } from '~/server/site-config';

export interface IndexInput {
  session: Session | null;
  locale: Locale;
  requiredLogin: boolean;
  /** Why there is no session; 'expired' makes requiredLogin throw 401200 instead of 401001. */
  sessionProblem?: SessionProblem;
  /** The caller's own tokens, echoed into userInfo. */
  tokens?: OwnTokens;
}

/**
 * The `/userapi/v1/index/index` payload (spec §2, reference §2.2–2.3, bug 11 fixed): one node
 * shape everywhere, titles in the request language. Guests get no_login_valid route/nav/button
 * rules and no menus; members get their group's rules, with top-level menu_dir and menu nodes
 * under `menus` and everything else under `rules`.
 */
export async function loadIndexPayload(db: Db, input: IndexInput): Promise<IndexPayload> {
  const { site, openMemberCenter } = await getSiteConfig(db, input.locale);
  const userInfo = input.session ? await getUserInfo(db, input.session.userId, input.tokens) : null;
  if (!input.session || !userInfo) {
    if (input.requiredLogin) throw noSession(input.sessionProblem);
    const guest = (await loadRules(db)).filter(
      (r) => r.no_login_valid === 1 && (r.type === 'route' || r.type === 'nav' || r.type === 'button'),
    );
    return { site, openMemberCenter, rules: buildTree(guest, input.locale, true), menus: [], userInfo: {} };
  }
  const { rules } = await memberRules(db, input.session.userId);
  const tree = buildTree(rules, input.locale, false);
  return {
    site,
    openMemberCenter,
    rules: tree.filter((n) => n.type !== 'menu_dir' && n.type !== 'menu'),
    menus: tree.filter((n) => n.type === 'menu_dir' || n.type === 'menu'),
    userInfo,
  };
}
