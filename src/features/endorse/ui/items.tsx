/** An endorsement's items as a table (the draft and the detail). */
import type { endorsementDetail } from '../queries';
import { ApiButton } from '~/ui/api-button';
import { yuan } from '~/lib/format';
import type { EndorseText } from '../texts';
import './endorse.css';

/** An endorsement's detail as the pages get it. */
export type EndorseDetail = Awaited<ReturnType<typeof endorsementDetail>>;

/** The items with their days and premium and the total; `editable` adds a Delete button to each. */
export function ItemsTable({ detail, text, editable }: { detail: EndorseDetail; text: EndorseText; editable: boolean }) {
  const t = text.detail;
  const who = (p: { name: string; id_no_masked: string; id_no?: string; occupation_class: number } | null) =>
    p ? `${p.name} ${p.id_no ?? p.id_no_masked} · ${p.occupation_class}` : '—';
  if (!detail.items.length) return <p className="muted">{text.add.noItems}</p>;
  return (
    <div className="table-scroll">
      <table className="data-table endorse-items">
        <thead>
          <tr>
            <th scope="col">{text.filters.kind}</th>
            <th scope="col">{t.before}</th>
            <th scope="col">{t.after}</th>
            <th scope="col" className="num">
              {text.add.days}
            </th>
            <th scope="col" className="num">
              {t.premium}
            </th>
            {editable ? (
              <th scope="col">
                <span className="sr-only">{text.add.delete}</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {detail.items.map((i) => (
            <tr key={i.id} data-item={i.kind}>
              <td className="ei-kind">{text.kinds[i.kind]}</td>
              <td className="ei-before" data-label={t.before}>
                {who(i.before)}
              </td>
              <td className="ei-after" data-label={t.after}>
                {who(i.after)}
              </td>
              <td className="num ei-days" data-label={text.add.days}>
                {i.days}
              </td>
              <td className="num nowrap ei-premium">{yuan(i.premium)}</td>
              {editable ? (
                <td className="ei-delete">
                  <ApiButton
                    url="/userapi/v1/endorse/itemDelete"
                    method="POST"
                    data={{ id: detail.endorsement.id, item_id: i.id }}
                    label={text.add.delete}
                    className="btn btn-ghost btn-sm"
                    refresh
                  />
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={4}>
              {text.add.live}
            </th>
            <td className="num nowrap" data-total>
              {yuan(detail.totals.premium_delta)}
            </td>
            {editable ? <td /> : null}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
