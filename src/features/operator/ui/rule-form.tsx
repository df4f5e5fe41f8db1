/** The rules page's edit form: a new rule (optionally under a parent) or an existing one; fields follow the type (CSS :has). */
import type { Locale } from '~/lib/types';
import type { GroupView } from '../groups';
import type { RuleItem } from '../rules';
import { EXTENDS, MENU_TYPES, RULE_TYPES } from '../schemas';
import { type FlatRule, RULE_API, titleOf } from './rule-rows';
import { BackTo } from './shell';
import { fill, type OperatorText } from '../texts';

/** The form section; `form` is the rule being edited (null: a new one under `newPid`, granted to `parentGroups` by default). */
export function RuleForm({
  tx,
  locale,
  form,
  creating,
  newPid,
  parents,
  groups,
  parentGroups,
  canEdit,
  listHere,
}: {
  tx: OperatorText;
  locale: Locale;
  form: RuleItem | null;
  creating: boolean;
  newPid: number;
  parents: FlatRule[];
  groups: GroupView[];
  parentGroups: number[];
  canEdit: boolean;
  listHere: string;
}) {
  return (
    <section className="card" aria-labelledby="or-edit">
      <h2 id="or-edit" className="card-title">
        {form ? fill(tx.editRule, { name: form.name }) : tx.newRule}
      </h2>
      <form method="post" action={`${RULE_API}/save`} className="op-form op-form-wide op-rule-form">
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
            {groups.map((g) => (
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
  );
}
