/**
 * /user/operator/groups: site groups with rule and member counts; `?id=N` (or `?id=new`) opens the
 * edit form with the rule tree as nested checkboxes. Plain forms post to the API (303 back).
 */
import './operator.css';
import type { Locale } from '~/lib/types';
import { getDb } from '~/server/db/client';
import { groupDetail, listGroups } from '../groups';
import { type RuleItem, ruleTree } from '../rules';
import { BackTo, ConsoleShell } from './shell';
import { fill, type OperatorText } from '../texts';

const API = '/userapi/v1/operator/group';

function RuleChecks({ items, held, tx, locale }: { items: RuleItem[]; held: Set<number>; tx: OperatorText; locale: Locale }) {
  return (
    <ul className="op-tree">
      {items.map((r) => (
        <li key={r.id}>
          <label className="op-check">
            <input type="checkbox" name={`rule_${r.id}`} value="1" defaultChecked={held.has(r.id)} />
            <span>{locale === 'en' && r.title_en ? r.title_en : r.title}</span>
            <span className="op-sub">
              {r.name} · {tx.types[r.type]}
            </span>
            {r.operator ? <span className="badge">{tx.operatorRule}</span> : null}
          </label>
          {r.children.length ? <RuleChecks items={r.children} held={held} tx={tx} locale={locale} /> : null}
        </li>
      ))}
    </ul>
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
            <section className="card" aria-labelledby="og-title">
              <div className="card-head">
                <h2 id="og-title">{tx.titles.groups}</h2>
                {canEdit ? (
                  <a className="btn btn-primary btn-sm" href="/user/operator/groups?id=new">
                    {tx.newGroup}
                  </a>
                ) : null}
              </div>
              <div className="table-scroll">
                <table className="data-table op-table">
                  <thead>
                    <tr>
                      <th scope="col">{tx.id}</th>
                      <th scope="col">{tx.name}</th>
                      <th scope="col">{tx.status}</th>
                      <th scope="col">{tx.all}</th>
                      <th scope="col" className="num">
                        {tx.ruleCount}
                      </th>
                      <th scope="col" className="num">
                        {tx.memberCount}
                      </th>
                      <th scope="col">{tx.actions}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {groups.list.map((g) => (
                      <tr key={g.id}>
                        <td data-label={tx.id}>{g.id}</td>
                        <td data-label={tx.name}>{g.name}</td>
                        <td data-label={tx.status}>
                          <span className={`op-status op-status-${g.status === 1 ? 'enable' : 'disable'}`}>
                            {g.status === 1 ? tx.enabled : tx.disabled}
                          </span>
                        </td>
                        <td data-label={tx.all}>{g.all ? tx.yes : tx.no}</td>
                        <td className="num" data-label={tx.ruleCount}>
                          {g.rule_count}
                        </td>
                        <td className="num" data-label={tx.memberCount}>
                          <a href={`/user/operator/members?group_id=${g.id}`}>{g.member_count}</a>
                        </td>
                        <td data-label={tx.actions}>
                          <div className="op-row-actions">
                            <a
                              className="btn btn-ghost btn-sm"
                              href={`/user/operator/groups?id=${g.id}`}
                              aria-label={`${tx.edit} ${g.name}`}
                            >
                              {tx.edit}
                            </a>
                            {canEdit && g.member_count === 0 ? (
                              <form method="post" action={`${API}/delete`}>
                                <BackTo here={listHere} />
                                <input type="hidden" name="id" value={g.id} />
                                <button type="submit" className="btn btn-ghost btn-sm op-danger" aria-label={`${tx.del} ${g.name}`}>
                                  {tx.del}
                                </button>
                              </form>
                            ) : null}
                          </div>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </section>
            {editing !== null && (editing === 'new' || detail) ? (
              <section className="card" aria-labelledby="og-edit">
                <h2 id="og-edit" className="card-title">
                  {detail ? fill(tx.editGroup, { name: detail.group.name }) : tx.newGroup}
                </h2>
                <form method="post" action={`${API}/save`} className="op-form op-form-wide">
                  <BackTo here={detail ? here : listHere} />
                  {detail ? <input type="hidden" name="id" value={detail.group.id} /> : null}
                  <div className="op-form-row">
                    <div className="field">
                      <label htmlFor="og-name">{tx.name}</label>
                      <input id="og-name" name="name" required maxLength={30} defaultValue={detail?.group.name ?? ''} />
                    </div>
                    <div className="field">
                      <label htmlFor="og-status">{tx.status}</label>
                      <select id="og-status" name="status" defaultValue={String(detail?.group.status ?? 1)}>
                        <option value="1">{tx.enabled}</option>
                        <option value="0">{tx.disabled}</option>
                      </select>
                    </div>
                  </div>
                  <input type="hidden" name="all" value="0" />
                  <label className="op-check">
                    <input type="checkbox" name="all" value="1" defaultChecked={detail?.group.all ?? false} />
                    <span>{tx.all}</span>
                    <span className="op-sub">{tx.allHint}</span>
                  </label>
                  <fieldset className="op-fieldset">
                    <legend>{tx.rules}</legend>
                    <RuleChecks items={tree} held={held} tx={tx} locale={locale} />
                  </fieldset>
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
          </>
        );
      }}
    />
  );
}
