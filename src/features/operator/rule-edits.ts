/** Changing the menu rule tree from the operator console: save (placement rules), sort, delete. */
import type { MenuType, RuleExtend, RuleType } from '~/lib/types';
import { writeAudit } from '~/server/audit';
import { type Db, num, nowSeconds } from '~/server/db/client';
import { isOperatorRule } from '~/server/db/reference/rules';
import { bumpConfigVersion, getSiteConfig } from '~/server/site-config';
import { type Actor, assertConsoleReachable, conflict, invalid, isConsoleRule, notFound, specIds } from './common';
import { allRules, APP_PATHS, toItem } from './rules';
import type { RuleSaveInput } from './schemas';

type Row = Record<string, unknown>;

/** Which parent types a rule type may sit under (0 = the root). */
function placementOk(type: RuleType, parentType: RuleType | null): boolean {
  switch (type) {
    case 'menu_dir':
    case 'menu':
      return parentType === null || parentType === 'menu_dir';
    case 'route':
      return parentType === 'menu_dir';
    case 'button':
      return parentType === 'menu' || parentType === 'route';
    case 'nav':
    case 'nav_user_menu':
      return parentType === null;
  }
}

const isHttpUrl = (s: string) => {
  try {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && Boolean(u.hostname);
  } catch {
    return false;
  }
};

/**
 * Create or update a rule. Errors name the field: placement (pid), name syntax and uniqueness
 * (409), what each menu type needs (path / url), operator rules staying under `operator`, no
 * cycles. A new rule is granted to `grant_groups`. Console rules keep their name, place and status.
 */
export async function saveRule(db: Db, actor: Actor, input: RuleSaveInput) {
  const pid = input.pid === '' || input.pid === '0' ? 0 : Number(input.pid);
  const { iframeHosts } = await getSiteConfig(db);
  return db.sql.begin(async (tx) => {
    const items = await allRules(tx);
    const byId = new Map(items.map((i) => [i.id, i]));
    const before = input.id === '' ? null : (byId.get(input.id) ?? null);
    if (input.id !== '' && !before) throw invalid('id', 'operator.idInvalid');
    const parent = pid ? byId.get(pid) : null;
    if (pid && !parent) throw invalid('pid', 'operator.rule.pidInvalid');
    if (!placementOk(input.type, parent ? parent.type : null)) throw invalid('pid', 'operator.rule.placement');
    if (before) {
      // No cycles: the new parent is neither the rule nor one of its descendants.
      for (let cur = parent, guard = 0; cur && guard < 64; cur = cur.pid ? byId.get(cur.pid) : undefined, guard++) {
        if (cur.id === before.id) throw invalid('pid', 'operator.rule.cycle');
      }
      const kids = items.filter((i) => i.pid === before.id);
      if (kids.some((k) => !placementOk(k.type, input.type))) throw invalid('type', 'operator.rule.childrenPlacement');
    }
    // Operator rules stay under `operator`, and only they do.
    let inOperator = false;
    for (let cur = parent, guard = 0; cur && guard < 64; cur = cur.pid ? byId.get(cur.pid) : undefined, guard++) {
      if (cur.name === 'operator') inOperator = true;
    }
    const operatorName = isOperatorRule({ name: input.name });
    if (input.name === 'operator' ? pid !== 0 : operatorName !== inOperator) throw invalid('name', 'operator.rule.operatorPlacement');
    const clash = items.find((i) => i.name.toLowerCase() === input.name.toLowerCase() && i.id !== before?.id);
    if (clash) throw conflict('operator.rule.nameTaken');
    if (before && isConsoleRule(before.name) && (before.name !== input.name || before.pid !== pid || input.status !== 1)) {
      throw conflict('operator.lockout.rules');
    }
    // Fields by type.
    let path = input.path.replace(/^\/+/, '').replace(/^user\//, '');
    let url = input.url;
    let menuType: MenuType = input.menu_type;
    let extend: RuleExtend = input.extend;
    if (input.type === 'menu' || input.type === 'nav' || input.type === 'nav_user_menu') {
      if (menuType === 'tab') {
        url = '';
        if (input.type === 'menu' && !APP_PATHS.has(path)) throw invalid('path', 'operator.rule.pathUnknown');
        if (input.type !== 'menu') path = input.path.replace(/^\/+/, '');
      } else {
        if (!isHttpUrl(url)) throw invalid('url', 'operator.rule.urlInvalid');
        if (menuType === 'iframe') {
          const host = new URL(url).hostname.toLowerCase();
          if (!iframeHosts.some((h) => h.toLowerCase() === host)) throw invalid('url', 'operator.rule.iframeHost');
        }
      }
    } else if (input.type === 'route') {
      if (!APP_PATHS.has(path)) throw invalid('path', 'operator.rule.pathUnknown');
      menuType = 'tab';
      url = '';
      extend = 'add_rules_only'; // a hidden route: its rule exists, no menu entry
    } else {
      menuType = 'tab';
      url = '';
      path = input.type === 'button' ? '' : path;
      if (input.type === 'button') extend = 'none';
    }
    const groups = input.grant_groups.length
      ? await tx`SELECT id, rules FROM user_group WHERE owner_id IS NULL AND id IN ${tx(input.grant_groups)}`
      : [];
    if (groups.length !== new Set(input.grant_groups).size) throw invalid('grant_groups', 'operator.rule.groupsInvalid');
    const now = nowSeconds();
    const fields = {
      pid,
      type: input.type,
      name: input.name,
      title: input.title,
      title_en: input.title_en,
      path,
      icon: input.icon,
      menu_type: menuType,
      url,
      extend,
      no_login_valid: input.no_login_valid ? 1 : 0,
      status: input.status,
      updated_at: now,
    };
    let id: number;
    if (before) {
      id = before.id;
      await tx`UPDATE user_rule SET ${tx(fields)} WHERE id = ${id}`;
    } else {
      const siblings = items.filter((i) => i.pid === pid);
      const weigh = siblings.length ? Math.min(...siblings.map((s) => s.weigh)) - 1 : 0;
      const [row] = await tx`INSERT INTO user_rule ${tx({ ...fields, weigh, created_at: now })} RETURNING id`;
      id = num(row.id);
      for (const g of groups) {
        const spec = String(g.rules ?? '').trim();
        if (spec === '*') {
          if (operatorName) throw invalid('grant_groups', 'operator.rule.starGroup');
          continue; // '*' already grants every member rule
        }
        const ids = specIds(spec);
        if (!ids.includes(id))
          await tx`UPDATE user_group SET rules = ${[...ids, id].join(',')}, updated_at = ${now} WHERE id = ${num(g.id)}`;
      }
      if (groups.length) await bumpConfigVersion(tx, 'groups');
    }
    await assertConsoleReachable(tx);
    await bumpConfigVersion(tx, 'rules');
    const [after] = await tx`SELECT * FROM user_rule WHERE id = ${id}`;
    const rule = toItem(after);
    const { groups: _g, children: _c, ...plain } = rule;
    const old = before ? (({ groups: _a, children: _b, ...rest }) => rest)(before) : null;
    await writeAudit(tx, {
      userId: actor.userId,
      action: before ? 'operator.rule.update' : 'operator.rule.create',
      targetType: 'rule',
      targetId: id,
      before: old,
      after: plain,
      detail: before ? {} : { grant_groups: input.grant_groups },
      ip: actor.ip,
    });
    return { rule: plain };
  });
}

/** Order the children of `pid` as `ids` (all of them, each once; else 400 ids). */
export async function sortRules(db: Db, actor: Actor, input: { pid: number; ids: number[] }) {
  return db.sql.begin(async (tx) => {
    const kids = await tx`SELECT id, weigh FROM user_rule WHERE pid = ${input.pid} ORDER BY weigh DESC, id ASC`;
    const current = kids.map((k: Row) => num(k.id));
    const same =
      input.ids.length === current.length && new Set(input.ids).size === current.length && input.ids.every((i) => current.includes(i));
    if (!same) throw invalid('ids', 'operator.rule.sortInvalid');
    // Weighs only order siblings; keep them above the current lowest so other levels are untouched.
    const n = input.ids.length;
    const base = kids.length ? Math.min(...kids.map((k: Row) => num(k.weigh))) : 0;
    for (const [i, id] of input.ids.entries()) {
      await tx`UPDATE user_rule SET weigh = ${base + (n - i)}, updated_at = ${nowSeconds()} WHERE id = ${id}`;
    }
    await bumpConfigVersion(tx, 'rules');
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'operator.rule.sort',
      targetType: 'rule',
      targetId: input.pid,
      before: { ids: current },
      after: { ids: input.ids },
      ip: actor.ip,
    });
    return { pid: input.pid, ids: input.ids };
  });
}

/** Delete a rule without children (else 409); it also leaves every group. Console rules: 409. */
export async function deleteRule(db: Db, actor: Actor, id: number) {
  return db.sql.begin(async (tx) => {
    const [r] = await tx`SELECT * FROM user_rule WHERE id = ${id}`;
    if (!r) throw notFound();
    if (isConsoleRule(String(r.name))) throw conflict('operator.lockout.rules');
    const [kids] = await tx`SELECT COUNT(*) AS n FROM user_rule WHERE pid = ${id}`;
    if (num(kids.n) > 0) throw conflict('operator.rule.hasChildren');
    await tx`DELETE FROM user_rule WHERE id = ${id}`;
    const now = nowSeconds();
    const groups = await tx`SELECT id, rules FROM user_group`;
    let touched = 0;
    for (const g of groups) {
      const ids = specIds(String(g.rules ?? ''));
      if (!ids.includes(id)) continue;
      touched++;
      await tx`UPDATE user_group SET rules = ${ids.filter((x) => x !== id).join(',')}, updated_at = ${now} WHERE id = ${num(g.id)}`;
    }
    await assertConsoleReachable(tx);
    await bumpConfigVersion(tx, 'rules');
    if (touched) await bumpConfigVersion(tx, 'groups');
    const { groups: _g, children: _c, ...plain } = toItem(r);
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'operator.rule.delete',
      targetType: 'rule',
      targetId: id,
      before: plain,
      after: null,
      detail: { groups: touched },
      ip: actor.ip,
    });
    return { id };
  });
}
