/** The rules page's edit form: a new rule (optionally under a parent) or an existing one; fields follow the type (CSS :has). */
import type { Locale } from '~/lib/types';
import type { GroupView } from '../groups';
import type { RuleItem } from '../rules';
import { EXTENDS, MENU_TYPES, RULE_TYPES } from '../schemas';
import { type FlatRule, RULE_API, titleOf } from './rule-rows';
import { Field, SelectField } from '~/ui/field';
import { ConsoleCard } from './card';
import { FlagCheck, OpField, OpSelect, optionsOf, SaveCancel, statusOptions } from './form-parts';
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
    <ConsoleCard id="or-edit" title={form ? fill(tx.editRule, { name: form.name }) : tx.newRule}>
      <form method="post" action={`${RULE_API}/save`} className="op-form op-form-wide op-rule-form">
        <BackTo here={listHere} />
        {form ? <input type="hidden" name="id" value={form.id} /> : null}
        <div className="op-form-row">
          <SelectField id="or-type" name="type" label={tx.type} value={form?.type ?? 'menu'} options={optionsOf(RULE_TYPES, tx.types)} />
          <SelectField
            id="or-pid"
            name="pid"
            label={tx.parent}
            value={String(form?.pid ?? newPid)}
            options={[
              // The root is pid 0 (not the kit's empty "all" option).
              ['0', tx.root],
              ...parents.map(({ item, depth }) => [item.id, `${'— '.repeat(depth)}${titleOf(item, locale)} (${item.name})`] as const),
            ]}
          />
        </div>
        <div className="op-form-row">
          <Field id="or-name" label={tx.ruleName}>
            <input id="or-name" name="name" required maxLength={100} defaultValue={form?.name ?? ''} />
          </Field>
          <Field id="or-icon" label={tx.icon}>
            <input id="or-icon" name="icon" maxLength={60} defaultValue={form?.icon ?? ''} placeholder="fa fa-circle-o" />
          </Field>
        </div>
        <div className="op-form-row">
          <Field id="or-title" label={tx.titleZh}>
            <input id="or-title" name="title" required maxLength={30} defaultValue={form?.title ?? ''} />
          </Field>
          <Field id="or-title-en" label={tx.titleEn}>
            <input id="or-title-en" name="title_en" required maxLength={30} defaultValue={form?.title_en ?? ''} />
          </Field>
        </div>
        <div className="op-form-row op-if-page">
          <OpSelect
            id="or-menu-type"
            name="menu_type"
            label={tx.menuType}
            className="op-if-menu"
            value={form?.menu_type ?? 'tab'}
            options={optionsOf(MENU_TYPES, tx.menuTypes)}
          />
          <OpField id="or-path" label={tx.path} className="op-if-path" hint={tx.pathHint}>
            <input id="or-path" name="path" maxLength={200} defaultValue={form?.path ?? ''} aria-describedby="or-path-hint" />
          </OpField>
          <OpField id="or-url" label={tx.url} className="op-if-url">
            <input id="or-url" name="url" maxLength={500} defaultValue={form?.url ?? ''} placeholder="https://" />
          </OpField>
        </div>
        <div className="op-form-row">
          <OpSelect
            id="or-extend"
            name="extend"
            label={tx.extend}
            className="op-if-menu"
            value={form?.extend ?? 'none'}
            options={optionsOf(EXTENDS, tx.extends)}
          />
          <SelectField id="or-status" name="status" label={tx.status} value={String(form?.status ?? 1)} options={statusOptions(tx)} />
        </div>
        <FlagCheck name="no_login_valid" checked={form?.no_login_valid === 1} label={tx.noLoginValid} />
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
        {canEdit ? <SaveCancel tx={tx} cancel={listHere} /> : null}
      </form>
    </ConsoleCard>
  );
}
