/** An endorsement's items as a table (the draft and the detail). */
import type { endorsementDetail } from '../queries';
import { ApiButton } from '~/ui/api-button';
import { yuan } from '~/lib/format';
import { type Column, DataTable } from '~/ui/data-table';
import type { EndorseText } from '../texts';
import './endorse.css';

/** An endorsement's detail as the pages get it. */
export type EndorseDetail = Awaited<ReturnType<typeof endorsementDetail>>;

/** The items with their days and premium and the total; `editable` adds a Delete button to each. */
export function ItemsTable({ detail, text, editable }: { detail: EndorseDetail; text: EndorseText; editable: boolean }) {
  const t = text.detail;
  const who = (p: { name: string; id_no_masked: string; id_no?: string; occupation_class: number } | null) =>
    p ? (
      <>
        <span translate="no">
          {p.name} {p.id_no ?? p.id_no_masked}
        </span>{' '}
        · {p.occupation_class}
      </>
    ) : (
      '—'
    );
  if (!detail.items.length) return <p className="muted">{text.add.noItems}</p>;
  type Item = EndorseDetail['items'][number];
  const columns: Column<Item>[] = [
    { head: text.filters.kind, cellClass: 'ei-kind', cell: (i) => text.kinds[i.kind] },
    { head: t.before, label: t.before, cellClass: 'ei-before', cell: (i) => who(i.before) },
    { head: t.after, label: t.after, cellClass: 'ei-after', cell: (i) => who(i.after) },
    { head: text.add.days, label: text.add.days, headClass: 'num', cellClass: 'num ei-days', cell: (i) => i.days },
    { head: t.premium, headClass: 'num', cellClass: 'num nowrap ei-premium', cell: (i) => yuan(i.premium) },
  ];
  if (editable) {
    columns.push({
      head: <span className="sr-only">{text.add.delete}</span>,
      cellClass: 'ei-delete',
      cell: (i) => (
        <ApiButton
          url="/userapi/v1/endorse/itemDelete"
          method="POST"
          data={{ id: detail.endorsement.id, item_id: i.id }}
          label={text.add.delete}
          className="btn btn-ghost btn-sm"
          refresh
        />
      ),
    });
  }
  return (
    <DataTable
      className="endorse-items"
      columns={columns}
      rows={detail.items}
      rowKey={(i) => i.id}
      rowAttrs={(i) => ({ 'data-item': i.kind })}
      foot={
        <tr>
          <th scope="row" colSpan={4}>
            {text.add.live}
          </th>
          <td className="num nowrap" data-total>
            {yuan(detail.totals.premium_delta)}
          </td>
          {editable ? <td /> : null}
        </tr>
      }
    />
  );
}
