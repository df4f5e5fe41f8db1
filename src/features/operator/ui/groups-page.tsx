/**
 * /user/operator/groups: site groups with rule and member counts; `?id=N` (or `?id=new`) opens the
 * edit form with the rule tree as nested checkboxes. Plain forms post to the API (303 back).
 */
import './operator.css';
import type { Locale } from '~/lib/types';
import { getDb } from '~/server/db/client';
import { groupDetail, listGroups } from '../groups';
import { type RuleItem, ruleTree } from '../rules';
import { Field, SelectField } from '~/ui/field';
import { ConsoleCard, ConsoleTable } from './card';
import { FlagCheck, PostButton, SaveCancel, statusOptions } from './form-parts';
import { titleOf } from './rule-rows';
import { BackTo, ConsoleShell } from './shell';
import { TreeList } from './tree-list';
import { fill, type OperatorText } from '../texts';

const API = '/userapi/v1/operator/group';

/** The rule tree as nested checkboxes (`rule_<id>`), the group's rules ticked. */
function RuleChecks({ items, held, tx, locale }: { items: RuleItem[]; held: Set<number>; tx: OperatorText; locale: Locale }) {
  return (
    <TreeList
      nodes={items}
      className="op-tree"
      item={(r) => (
        <label className="op-check">
          <input type="checkbox" name={`rule_${r.id}`} value="1" defaultChecked={held.has(r.id)} />
          <span>{titleOf(r, locale)}</span>
          <span className="op-sub">
            {r.name} · {tx.types[r.type]}
          </span>
          {r.operator ? <span className="badge">{tx.operatorRule}</span> : null}
        </label>
      )}
    />
  );
}

export function GroupsPage({ query = '' }: { query?: string }) {
  return (
    <ConsoleShell
      page="groups"
      query={query}
      render={async ({ tx, params, here, can, locale }) => {
        const db = getDb();
        const [groups, canEdit] = await Promise.all([listGroups(db), can('operator/groups/edit')]);
        const editing = params.id === 'new' ? 'new' : Number(params.id) > 0 ? Number(params.id) : null;
        const detail = typeof editing === 'number' ? await groupDetail(db, editing).catch(() => null) : null;
        const tree = editing === 'new' ? await ruleTree(db) : (detail?.tree ?? []);
        const held = new Set(detail?.rules ?? []);
        const listHere = '/user/operator/groups';
        return (
          <>
            <ConsoleCard
              id="og-title"
              title={tx.titles.groups}
              actions={
                canEdit ? (
                  <a className="btn btn-primary btn-sm" href="/user/operator/groups?id=new">
                    {tx.newGroup}
                  </a>
                ) : null
              }
            >
              <ConsoleTable
                rows={groups.list}
                rowKey={(g) => g.id}
                columns={[
                  { head: tx.id, cell: (g) => g.id },
                  { head: tx.name, cell: (g) => g.name },
                  {
                    head: tx.status,
                    cell: (g) => (
                      <span className={`op-status op-status-${g.status === 1 ? 'enable' : 'disable'}`}>
                        {g.status === 1 ? tx.enabled : tx.disabled}
                      </span>
                    ),
                  },
                  { head: tx.all, cell: (g) => (g.all ? tx.yes : tx.no) },
                  { head: tx.ruleCount, cell: (g) => g.rule_count, num: true, cellClass: 'num' },
                  {
                    head: tx.memberCount,
                    cell: (g) => <a href={`/user/operator/members?group_id=${g.id}`}>{g.member_count}</a>,
                    num: true,
                    cellClass: 'num',
                  },
                  {
                    head: tx.actions,
                    cell: (g) => (
                      <div className="op-row-actions">
                        <a className="btn btn-ghost btn-sm" href={`/user/operator/groups?id=${g.id}`} aria-label={`${tx.edit} ${g.name}`}>
                          {tx.edit}
                        </a>
                        {canEdit && g.member_count === 0 ? (
                          <PostButton
                            action={`${API}/delete`}
                            here={listHere}
                            fields={{ id: g.id }}
                            className="btn btn-ghost btn-sm op-danger"
                            aria-label={`${tx.del} ${g.name}`}
                          >
                            {tx.del}
                          </PostButton>
                        ) : null}
                      </div>
                    ),
                  },
                ]}
              />
            </ConsoleCard>
            {editing !== null && (editing === 'new' || detail) ? (
              <ConsoleCard id="og-edit" title={detail ? fill(tx.editGroup, { name: detail.group.name }) : tx.newGroup}>
                <form method="post" action={`${API}/save`} className="op-form op-form-wide">
                  <BackTo here={detail ? here : listHere} />
                  {detail ? <input type="hidden" name="id" value={detail.group.id} /> : null}
                  <div className="op-form-row">
                    <Field id="og-name" label={tx.name}>
                      <input id="og-name" name="name" required maxLength={30} defaultValue={detail?.group.name ?? ''} />
                    </Field>
                    <SelectField
                      id="og-status"
                      name="status"
                      label={tx.status}
                      value={String(detail?.group.status ?? 1)}
                      options={statusOptions(tx)}
                    />
                  </div>
                  <FlagCheck name="all" checked={detail?.group.all ?? false} label={tx.all} hint={tx.allHint} />
                  <fieldset className="op-fieldset">
                    <legend>{tx.rules}</legend>
                    <RuleChecks items={tree} held={held} tx={tx} locale={locale} />
                  </fieldset>
                  {canEdit ? <SaveCancel tx={tx} cancel={listHere} /> : null}
                </form>
              </ConsoleCard>
            ) : null}
          </>
        );
      }}
    />
  );
}
