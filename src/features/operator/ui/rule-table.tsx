/** The rules page's table: the whole tree with up/down, edit, add-child and delete per rule (plain forms). */
import type { Locale } from '~/lib/types';
import { ConsoleCard, ConsoleTable } from './card';
import { PostButton } from './form-parts';
import { type FlatRule, RULE_API, titleOf } from './rule-rows';
import { withQuery } from './shell';
import type { OperatorText } from '../texts';

/** A rule's buttons: up, down (its siblings' order with it swapped), edit, add a child, delete. */
function RuleActions({ row, tx, label, listHere }: { row: FlatRule; tx: OperatorText; label: string; listHere: string }) {
  const { item, siblings, index } = row;
  const ids = siblings.map((s) => s.id);
  const swap = (to: number) => {
    const next = [...ids];
    [next[index], next[to]] = [next[to], next[index]];
    return next.join(',');
  };
  // One form per direction; the end a rule cannot move past posts nothing (its button is disabled).
  const move = (to: number, text: string, arrow: string) => (
    <PostButton
      action={`${RULE_API}/sort`}
      here={listHere}
      fields={{ pid: item.pid, ids: to >= 0 && to < ids.length ? swap(to) : '' }}
      className="btn btn-ghost btn-sm op-icon-btn"
      disabled={to < 0 || to >= ids.length}
      aria-label={`${text} ${label}`}
      title={text}
    >
      {arrow}
    </PostButton>
  );
  return (
    <div className="op-row-actions">
      {move(index - 1, tx.moveUp, '↑')}
      {move(index + 1, tx.moveDown, '↓')}
      <a className="btn btn-ghost btn-sm" href={withQuery('/user/operator/rules', { id: item.id })} aria-label={`${tx.edit} ${label}`}>
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
        <PostButton
          action={`${RULE_API}/delete`}
          here={listHere}
          fields={{ id: item.id }}
          className="btn btn-ghost btn-sm op-danger"
          aria-label={`${tx.del} ${label}`}
        >
          {tx.del}
        </PostButton>
      ) : null}
    </div>
  );
}

/** The list section; the buttons only with `canEdit` (operator/rules/edit). */
export function RuleTable({
  tx,
  locale,
  rows,
  canEdit,
  listHere,
}: {
  tx: OperatorText;
  locale: Locale;
  rows: FlatRule[];
  canEdit: boolean;
  listHere: string;
}) {
  return (
    <ConsoleCard
      id="or-title-list"
      title={tx.titles.rules}
      actions={
        canEdit ? (
          <a className="btn btn-primary btn-sm" href={withQuery('/user/operator/rules', { id: 'new' })}>
            {tx.newRule}
          </a>
        ) : null
      }
    >
      <ConsoleTable
        className="op-rule-table"
        rows={rows}
        rowKey={(r) => r.item.id}
        rowAttrs={({ item }) => ({ 'data-rule': item.name, className: item.status === 1 ? '' : 'op-muted-row' })}
        columns={[
          {
            head: tx.name,
            cell: ({ item, depth }) => (
              <span className="op-indent" style={{ paddingInlineStart: `${depth * 1.25}rem` }}>
                <strong>{titleOf(item, locale)}</strong>
                <span className="op-sub">
                  {item.name}
                  {item.operator ? ` · ${tx.operatorRule}` : ''}
                </span>
              </span>
            ),
          },
          { head: tx.type, cell: ({ item }) => tx.types[item.type], cellClass: 'nowrap' },
          { head: tx.status, cell: ({ item }) => (item.status === 1 ? tx.enabled : tx.disabled), cellClass: 'nowrap' },
          {
            head: tx.actions,
            cell: (row) => (canEdit ? <RuleActions row={row} tx={tx} label={titleOf(row.item, locale)} listHere={listHere} /> : null),
          },
        ]}
      />
    </ConsoleCard>
  );
}
