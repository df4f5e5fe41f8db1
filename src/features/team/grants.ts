/**
 * What an owner may grant a sub-account, and how a ticked set becomes a group's rule list.
 * Grantable = the owner's own enabled member rules minus `team/*` (and never operator rules);
 * a page brings its menu directory and its detail routes, a button its page, and head-nav and
 * user-dropdown entries always come along.
 */
import type { Locale } from '~/lib/types';
import type { Db } from '~/server/db/client';
import { isOperatorRule } from '~/server/db/reference/rules';
import { Codes, DomainError } from '~/server/errors';
import { memberRules, type RuleRow } from '~/server/permissions';

/** Detail routes and the pages that bring them along. */
const DETAIL_ROUTES: Record<string, string[]> = {
  'order/groupDetail': ['order/guzhu', 'order/tuanyi', 'order/anze', 'order/withoutDetail', 'order/personal'],
  'order/endorseDetail': ['order/endorse'],
  'claim/detail': ['claim/list'],
};

const isTeamRule = (r: { name: string }) => r.name === 'team' || r.name.startsWith('team/');

/** The owner's current rules an owner may hand on (member rules, no team/*). */
export async function grantBase(db: Db, ownerId: number): Promise<RuleRow[]> {
  const { rules } = await memberRules(db, ownerId);
  return rules.filter((r) => !isTeamRule(r) && !isOperatorRule(r));
}

/** A grantable page with its buttons, titles in one language. */
export interface GrantablePage {
  id: number;
  name: string;
  title: string;
  /** The menu directory the page sits in (0/'' at the top level). */
  dir: { id: number; title: string };
  buttons: { id: number; name: string; title: string }[];
}

const titleOf = (r: RuleRow, locale: Locale) => (locale === 'en' && r.title_en ? r.title_en : r.title);

/** Pages (with their buttons) the owner may tick, in menu order. */
export function grantablePages(base: RuleRow[], locale: Locale): GrantablePage[] {
  const byId = new Map(base.map((r) => [r.id, r]));
  return base
    .filter((r) => r.type === 'menu')
    .map((p) => {
      const dir = byId.get(p.pid);
      return {
        id: p.id,
        name: p.name,
        title: titleOf(p, locale),
        dir: { id: dir?.id ?? 0, title: dir ? titleOf(dir, locale) : '' },
        buttons: base
          .filter((b) => b.type === 'button' && b.pid === p.id)
          .map((b) => ({ id: b.id, name: b.name, title: titleOf(b, locale) })),
      };
    });
}

/**
 * The rule ids to store for a sub-account from the ids the owner ticked: every id must be in the
 * owner's grantable set (else 400 field `rules`); buttons bring their page, pages their menu
 * directory chain and detail routes, and every head-nav / user-dropdown entry is added.
 */
export function normaliseGrant(base: RuleRow[], picked: number[]): number[] {
  const byId = new Map(base.map((r) => [r.id, r]));
  const outside = picked.filter((id) => !byId.has(id));
  if (outside.length) {
    throw new DomainError('team.rulesOutside', { status: 400, code: Codes.VALIDATION, field: 'rules', params: { ids: outside.join(',') } });
  }
  const out = new Set<number>();
  const withAncestors = (id: number) => {
    let cur = byId.get(id);
    while (cur && !out.has(cur.id)) {
      out.add(cur.id);
      cur = byId.get(cur.pid);
    }
  };
  for (const id of picked) {
    const r = byId.get(id)!;
    // A bare menu directory grants nothing by itself: it comes with the pages under it.
    if (r.type === 'menu_dir') continue;
    withAncestors(id);
  }
  const names = new Set([...out].map((id) => byId.get(id)!.name));
  for (const r of base) {
    if (r.type === 'nav' || r.type === 'nav_user_menu') out.add(r.id);
    const bringers = DETAIL_ROUTES[r.name];
    if (bringers?.some((n) => names.has(n))) withAncestors(r.id);
  }
  return [...out].sort((a, b) => a - b);
}

/** Parse a group's stored rule list ('1,2,3'). */
export function parseRuleList(spec: string): Set<number> {
  return new Set(
    spec
      .split(',')
      .map((s) => Number(s.trim()))
      .filter((n) => Number.isInteger(n) && n > 0),
  );
}
