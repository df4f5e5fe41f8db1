/** The rules page's table: the whole tree with up/down, edit, add-child and delete per rule (plain forms). */
import type { Locale } from '~/lib/types';
import { type FlatRule, RULE_API, titleOf } from './rule-rows';
import { BackTo, withQuery } from './shell';
import type { OperatorText } from '../texts';

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
                        <form method="post" action={`${RULE_API}/sort`}>
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
                        <form method="post" action={`${RULE_API}/sort`}>
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
                          <form method="post" action={`${RULE_API}/delete`}>
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
  );
}
