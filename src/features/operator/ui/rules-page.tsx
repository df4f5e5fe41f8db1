/**
 * /user/operator/rules: the whole rule tree (disabled rules too) with up/down buttons (plain
 * forms: no JavaScript needed), an edit form whose fields follow the chosen type (CSS :has), and
 * a sidebar preview of what a group sees, per group and language (GET form).
 */
import type { Locale, RuleNode } from '~/lib/types';
import { getDb } from '~/server/db/client';
import { listGroups } from '../groups';
import { previewMenus, type RuleItem, ruleTree } from '../rules';
import { EXTENDS, MENU_TYPES, RULE_TYPES } from '../schemas';
import { BackTo, ConsoleShell, withQuery } from './shell';
import { fill, type OperatorText } from './text';

const API = '/userapi/v1/operator/rule';

function flatten(items: RuleItem[], depth = 0, out: { item: RuleItem; depth: number; siblings: RuleItem[]; index: number }[] = []) {
  items.forEach((item, index) => {
    out.push({ item, depth, siblings: items, index });
    flatten(item.children, depth + 1, out);
  });
  return out;
}

const titleOf = (r: { title: string; title_en: string }, locale: Locale) => (locale === 'en' && r.title_en ? r.title_en : r.title);

function Preview({ nodes, tx }: { nodes: RuleNode[]; tx: OperatorText }) {
  if (!nodes.length) return <p className="op-empty">{tx.noMenus}</p>;
  return (
    <ul className="op-preview">
      {nodes.map((n) => (
        <li key={n.id}>
          <span className={n.type === 'menu_dir' ? 'op-preview-dir' : ''}>{n.title}</span>
          {n.children.length ? <Preview nodes={n.children} tx={tx} /> : null}
        </li>
      ))}
    </ul>
  );
}

export function RulesPage({ query }: { query: string }) {
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
                <section className="card" aria-labelledby="or-edit">
                  <h2 id="or-edit" className="card-title">
                    {form ? fill(tx.editRule, { name: form.name }) : tx.newRule}
                  </h2>
                  <form method="post" action={`${API}/save`} className="op-form op-form-wide op-rule-form">
                    <BackTo here={listHere} />
                    {form ? <input type="hidden" name="id" value={form.id} /> : null}
                    <div className="op-form-row">
                      <div className="field">
                        <label htmlFor="or-type">{tx.type}</label>
                        <select id="or-type" name="type" defaultValue={form?.type ?? 'menu'}>
                          {RULE_TYPES.map((t) => (
                            <option key={t} value={t}>
                              {tx.types[t]}
                            </option>
                          ))}
                        </select>
                      </div>
                      <div className="field">
                        <label htmlFor="or-pid">{tx.parent}</label>
                        <select id="or-pid" name="pid" defaultValue={String(form?.pid ?? newPid)}>
                          <option value="0">{tx.root}</option>
                          {parents.map(({ item, depth }) => (
                            <option key={item.id} value={item.id}>
                              {`${'— '.repeat(depth)}${titleOf(item, locale)} (${item.name})`}
                            </option>
                          ))}
                        </select>
                      </div>
                    </div>
                    <div className="op-form-row">
                      <div className="field">
                        <label htmlFor="or-name">{tx.ruleName}</label>
                        <input id="or-name" name="name" required maxLength={100} defaultValue={form?.name ?? ''} />
                      </div>
                      <div className="field">
                        <label htmlFor="or-icon">{tx.icon}</label>
                        <input id="or-icon" name="icon" maxLength={60} defaultValue={form?.icon ?? ''} placeholder="fa fa-circle-o" />
                      </div>
                    </div>
                    <div className="op-form-row">
                      <div className="field">
                        <label htmlFor="or-title">{tx.titleZh}</label>
                        <input id="or-title" name="title" required maxLength={30} defaultValue={form?.title ?? ''} />
                      </div>
                      <div className="field">
                        <label htmlFor="or-title-en">{tx.titleEn}</label>
                        <input id="or-title-en" name="title_en" required maxLength={30} defaultValue={form?.title_en ?? ''} />
                      </div>
                    </div>
                    <div className="op-form-row op-if-page">
                      <div className="field op-if-menu">
                        <label htmlFor="or-menu-type">{tx.menuType}</label>
                        <select id="or-menu-type" name="menu_type" defaultValue={form?.menu_type ?? 'tab'}>
                          {MENU_TYPES.map((m) => (
                            <option key={m} value={m}>
                              {tx.menuTypes[m]}
                            </option>
                          ))}
                        </select>
                      </div>
                      <div className="field op-if-path">
                        <label htmlFor="or-path">{tx.path}</label>
                        <input id="or-path" name="path" maxLength={200} defaultValue={form?.path ?? ''} aria-describedby="or-path-hint" />
                        <span id="or-path-hint" className="op-hint">
                          {tx.pathHint}
                        </span>
                      </div>
                      <div className="field op-if-url">
                        <label htmlFor="or-url">{tx.url}</label>
                        <input id="or-url" name="url" maxLength={500} defaultValue={form?.url ?? ''} placeholder="https://" />
                      </div>
                    </div>
                    <div className="op-form-row">
                      <div className="field op-if-menu">
                        <label htmlFor="or-extend">{tx.extend}</label>
                        <select id="or-extend" name="extend" defaultValue={form?.extend ?? 'none'}>
                          {EXTENDS.map((x) => (
                            <option key={x} value={x}>
                              {tx.extends[x]}
                            </option>
                          ))}
                        </select>
                      </div>
                      <div className="field">
                        <label htmlFor="or-status">{tx.status}</label>
                        <select id="or-status" name="status" defaultValue={String(form?.status ?? 1)}>
                          <option value="1">{tx.enabled}</option>
                          <option value="0">{tx.disabled}</option>
                        </select>
                      </div>
                    </div>
                    <input type="hidden" name="no_login_valid" value="0" />
                    <label className="op-check">
                      <input type="checkbox" name="no_login_valid" value="1" defaultChecked={form?.no_login_valid === 1} />
                      <span>{tx.noLoginValid}</span>
                    </label>
                    {creating ? (
                      <fieldset className="op-fieldset">
                        <legend>{tx.grantGroups}</legend>
                        <p className="op-hint">{tx.grantHint}</p>
                        {groups.list.map((g) => (
                          <label className="op-check" key={g.id}>
                            <input type="checkbox" name={`grant_${g.id}`} value="1" defaultChecked={parentGroups.includes(g.id)} />
                            <span>{g.name}</span>
                          </label>
                        ))}
                      </fieldset>
                    ) : null}
                    {canEdit ? (
                      <div className="card-actions">
                        <button type="submit" className="btn btn-primary btn-sm">
                          {tx.save}
                        </button>
                        <a className="btn btn-ghost btn-sm" href={listHere}>
                          {tx.cancel}
                        </a>
                      </div>
                    ) : null}
                  </form>
                </section>
              ) : null}
              <section className="card" aria-labelledby="or-title-list">
                <div className="card-head">
                  <h2 id="or-title-list">{tx.titles.rules}</h2>
                  {canEdit ? (
                    <a className="btn btn-primary btn-sm" href={withQuery('/user/operator/rules', { id: 'new' })}>
                      {tx.newRule}
                    </a>
                  ) : null}
                </div>
                <div className="table-scroll">
                  <table className="data-table op-table op-rule-table">
                    <thead>
                      <tr>
                        <th scope="col">{tx.name}</th>
                        <th scope="col">{tx.type}</th>
                        <th scope="col">{tx.status}</th>
                        <th scope="col">{tx.actions}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {rows.map(({ item, depth, siblings, index }) => {
                        const ids = siblings.map((s) => s.id);
                        const swap = (to: number) => {
                          const next = [...ids];
                          [next[index], next[to]] = [next[to], next[index]];
                          return next.join(',');
                        };
                        const label = titleOf(item, locale);
                        return (
                          <tr key={item.id} data-rule={item.name} className={item.status === 1 ? '' : 'op-muted-row'}>
                            <td data-label={tx.name}>
                              <span className="op-indent" style={{ paddingInlineStart: `${depth * 1.25}rem` }}>
                                <strong>{label}</strong>
                                <span className="op-sub">
                                  {item.name}
                                  {item.operator ? ` · ${tx.operatorRule}` : ''}
                                </span>
                              </span>
                            </td>
                            <td className="nowrap" data-label={tx.type}>
                              {tx.types[item.type]}
                            </td>
                            <td className="nowrap" data-label={tx.status}>
                              {item.status === 1 ? tx.enabled : tx.disabled}
                            </td>
                            <td data-label={tx.actions}>
                              {canEdit ? (
                                <div className="op-row-actions">
                                  <form method="post" action={`${API}/sort`}>
                                    <BackTo here={listHere} />
                                    <input type="hidden" name="pid" value={item.pid} />
                                    <input type="hidden" name="ids" value={index > 0 ? swap(index - 1) : ''} />
                                    <button
                                      type="submit"
                                      className="btn btn-ghost btn-sm op-icon-btn"
                                      disabled={index === 0}
                                      aria-label={`${tx.moveUp} ${label}`}
                                      title={tx.moveUp}
                                    >
                                      ↑
                                    </button>
                                  </form>
                                  <form method="post" action={`${API}/sort`}>
                                    <BackTo here={listHere} />
                                    <input type="hidden" name="pid" value={item.pid} />
                                    <input type="hidden" name="ids" value={index < ids.length - 1 ? swap(index + 1) : ''} />
                                    <button
                                      type="submit"
                                      className="btn btn-ghost btn-sm op-icon-btn"
                                      disabled={index === ids.length - 1}
                                      aria-label={`${tx.moveDown} ${label}`}
                                      title={tx.moveDown}
                                    >
                                      ↓
                                    </button>
                                  </form>
                                  <a
                                    className="btn btn-ghost btn-sm"
                                    href={withQuery('/user/operator/rules', { id: item.id })}
                                    aria-label={`${tx.edit} ${label}`}
                                  >
                                    {tx.edit}
                                  </a>
                                  {item.type === 'menu_dir' || item.type === 'menu' || item.type === 'route' ? (
                                    <a
                                      className="btn btn-ghost btn-sm"
                                      href={withQuery('/user/operator/rules', { id: 'new', pid: item.id })}
                                      aria-label={`${tx.newRule} ${label}`}
                                    >
                                      +
                                    </a>
                                  ) : null}
                                  {item.children.length === 0 ? (
                                    <form method="post" action={`${API}/delete`}>
                                      <BackTo here={listHere} />
                                      <input type="hidden" name="id" value={item.id} />
                                      <button type="submit" className="btn btn-ghost btn-sm op-danger" aria-label={`${tx.del} ${label}`}>
                                        {tx.del}
                                      </button>
                                    </form>
                                  ) : null}
                                </div>
                              ) : null}
                            </td>
                          </tr>
                        );
                      })}
                    </tbody>
                  </table>
                </div>
              </section>
            </div>
            <aside className="card op-rules-side" aria-labelledby="or-preview">
              <h2 id="or-preview" className="card-title">
                {tx.preview}
              </h2>
              <form method="get" action="/user/operator/rules" className="op-form">
                <div className="field">
                  <label htmlFor="or-pg">{tx.previewGroup}</label>
                  <select id="or-pg" name="preview_group" defaultValue={String(previewGroup)}>
                    {groups.list.map((g) => (
                      <option key={g.id} value={g.id}>
                        {g.name}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="field">
                  <label htmlFor="or-pl">{tx.previewLang}</label>
                  <select id="or-pl" name="preview_lang" defaultValue={previewLang}>
                    <option value="zh-cn">中文</option>
                    <option value="en">English</option>
                  </select>
                </div>
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
