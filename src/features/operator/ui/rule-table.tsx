/** The rules page's tree: each rule's row with up/down, edit, add-child and delete (plain forms), in the client tree. */
import type { ReactNode } from 'react';
import type { Locale } from '~/lib/types';
import type { RuleItem } from '../rules';
import { ConsoleCard } from './card';
import { PostButton } from './form-parts';
import { type FlatRule, RULE_API, titleOf } from './rule-rows';
import { type TreeRule, RuleTree } from './rule-tree';
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

/** Rules as the client tree takes them (titles in the page's language). */
function treeOf(items: RuleItem[], locale: Locale): TreeRule[] {
  return items.map((r) => ({
    id: r.id,
    pid: r.pid,
    name: r.name,
    title: titleOf(r, locale),
    muted: r.status !== 1,
    children: treeOf(r.children, locale),
  }));
}

/**
 * The list section: the rule tree (collapsible, drag-to-reorder with mouse or keyboard) with each
 * rule's row rendered here; the buttons only with `canEdit` (operator/rules/edit).
 */
export function RuleTable({
  tx,
  locale,
  tree,
  rows,
  canEdit,
  listHere,
}: {
  tx: OperatorText;
  locale: Locale;
  tree: RuleItem[];
  rows: FlatRule[];
  canEdit: boolean;
  listHere: string;
}) {
  const cells: Record<number, ReactNode> = {};
  for (const row of rows) {
    const { item } = row;
    const label = titleOf(item, locale);
    cells[item.id] = (
      <>
        <span className="rt-name">
          <strong>{label}</strong>
          <span className="op-sub">
            {item.name}
            {item.operator ? ` · ${tx.operatorRule}` : ''}
          </span>
        </span>
        <span className="rt-meta">
          <span className="rt-type">{tx.types[item.type]}</span>
          <span className={item.status === 1 ? 'rt-state' : 'rt-state rt-off'}>{item.status === 1 ? tx.enabled : tx.disabled}</span>
        </span>
        {canEdit ? <RuleActions row={row} tx={tx} label={label} listHere={listHere} /> : null}
      </>
    );
  }
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
      <RuleTree tree={treeOf(tree, locale)} rows={cells} canSort={canEdit} tx={tx.tree} />
    </ConsoleCard>
  );
}
