/**
 * /user/operator/rules: the whole rule tree (disabled rules too), collapsible, with drag-to-reorder
 * (mouse or keyboard) and up/down buttons as the fallback (plain forms), an edit form whose fields follow the chosen type (CSS :has), and
 * a sidebar preview of what a group sees, per group and language (GET form).
 */
import './operator.css';
import type { Locale, RuleNode } from '~/lib/types';
import { getDb } from '~/server/db/client';
import { listGroups } from '../groups';
import { previewMenus, ruleTree } from '../rules';
import { RuleForm } from './rule-form';
import { flatten } from './rule-rows';
import { RuleTable } from './rule-table';
import { ConsoleShell, withQuery } from './shell';
import { TreeList } from './tree-list';
import { SelectField } from '~/ui/field';
import type { OperatorText } from '../texts';

/** What a group sees in the sidebar: the menu tree, directories marked. */
function Preview({ nodes, tx }: { nodes: RuleNode[]; tx: OperatorText }) {
  if (!nodes.length) return <p className="op-empty">{tx.noMenus}</p>;
  return (
    <TreeList
      nodes={nodes}
      className="op-preview"
      item={(n) => <span className={n.type === 'menu_dir' ? 'op-preview-dir' : ''}>{n.title}</span>}
    />
  );
}

export function RulesPage({ query = '' }: { query?: string }) {
  return (
    <ConsoleShell
      page="rules"
      query={query}
      render={async ({ tx, params, can, locale }) => {
        const db = getDb();
        const [tree, groups, canEdit] = await Promise.all([ruleTree(db), listGroups(db), can('operator/rules/edit')]);
        const rows = flatten(tree);
        const byId = new Map(rows.map((r) => [r.item.id, r.item]));
        const editing = params.id === 'new' ? null : byId.get(Number(params.id));
        const creating = params.id === 'new';
        const newPid = creating ? Number(params.pid) || 0 : 0;
        const parentGroups = creating && newPid ? (byId.get(newPid)?.groups ?? []) : [];
        const form = editing ?? null;
        const previewGroup = Number(params.preview_group) || groups.list[0]?.id || 0;
        const previewLang: Locale = params.preview_lang === 'en' ? 'en' : params.preview_lang === 'zh-cn' ? 'zh-cn' : locale;
        const preview = previewGroup ? await previewMenus(db, previewGroup, previewLang) : [];
        const parents = rows.filter((r) => r.item.type === 'menu_dir' || r.item.type === 'menu' || r.item.type === 'route');
        const listHere = withQuery('/user/operator/rules', { preview_group: params.preview_group, preview_lang: params.preview_lang });
        return (
          <div className="op-rules">
            <div className="op-rules-main">
              {creating || form ? (
                <RuleForm
                  tx={tx}
                  locale={locale}
                  form={form}
                  creating={creating}
                  newPid={newPid}
                  parents={parents}
                  groups={groups.list}
                  parentGroups={parentGroups}
                  canEdit={canEdit}
                  listHere={listHere}
                />
              ) : null}
              <RuleTable tx={tx} locale={locale} tree={tree} rows={rows} canEdit={canEdit} listHere={listHere} />
            </div>
            <aside className="card op-rules-side" aria-labelledby="or-preview">
              <h2 id="or-preview" className="card-title">
                {tx.preview}
              </h2>
              <form method="get" action="/user/operator/rules" className="op-form">
                <SelectField
                  id="or-pg"
                  name="preview_group"
                  label={tx.previewGroup}
                  value={String(previewGroup)}
                  options={groups.list.map((g) => [g.id, g.name] as const)}
                />
                <SelectField
                  id="or-pl"
                  name="preview_lang"
                  label={tx.previewLang}
                  value={previewLang}
                  options={[
                    ['zh-cn', '中文'],
                    ['en', 'English'],
                  ]}
                />
                <button type="submit" className="btn btn-ghost btn-sm">
                  {tx.show}
                </button>
              </form>
              <nav aria-label={tx.preview} className="op-preview-box" lang={previewLang}>
                <Preview nodes={preview} tx={tx} />
              </nav>
            </aside>
          </div>
        );
      }}
    />
  );
}
