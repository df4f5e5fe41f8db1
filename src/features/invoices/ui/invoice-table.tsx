/**
 * Server-rendered pieces of the invoice pages: the member's applications (status, reason,
 * download), the operator's queue, and one invoice's detail (items, timeline, file).
 */
import { formatDate, formatMoney } from '~/lib/format';
import { ApiButton } from '~/ui/api-button';
import { type EndorseText, fill } from '~/features/endorse/texts';
import { StatusBadge } from '~/features/endorse/ui';

export interface InvoiceRowView {
  id: number;
  apply_no: string;
  status: string;
  kind: string;
  title: string;
  amount: string;
  invoice_no: string;
  reason: string;
  created_at: number;
  user_id?: number;
  credit_of?: number | null;
}

/** A table of invoice applications; `detailPath` links each row, members may cancel an applied one. */
export function InvoiceTable({
  list,
  total,
  text,
  timeZone,
  detailPath,
  memberActions,
  downloadBase,
}: {
  list: InvoiceRowView[];
  total: number;
  text: EndorseText;
  timeZone: string;
  detailPath?: string;
  memberActions?: boolean;
  downloadBase: string;
}) {
  const t = text.invoice;
  return (
    <section className="card" aria-labelledby="iv-list">
      <div className="card-head">
        <h2 id="iv-list">
          {memberActions ? t.list : text.operator.invoices} · {fill(text.table.count, { n: total })}
        </h2>
      </div>
      {list.length === 0 ? (
        <p className="endorse-empty">{t.empty}</p>
      ) : (
        <div className="table-scroll">
          <table className="data-table invoice-table">
            <thead>
              <tr>
                <th scope="col">{t.applyNo}</th>
                <th scope="col">{text.table.status}</th>
                <th scope="col">{t.invTitle}</th>
                <th scope="col">{t.kind}</th>
                <th scope="col" className="num">
                  {t.amount}
                </th>
                <th scope="col">{t.invoiceNo}</th>
                <th scope="col">
                  <span className="sr-only">{t.download}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((r) => (
                <tr key={r.id} data-invoice={r.apply_no}>
                  <td className="nowrap iv-no">
                    {detailPath ? <a href={`${detailPath}?id=${r.id}`}>{r.apply_no}</a> : r.apply_no}
                    <span className="endorse-sub">{formatDate(r.created_at, 'YYYY-MM-DD HH:mm', timeZone)}</span>
                  </td>
                  <td className="iv-status">
                    <StatusBadge status={r.status} text={text} />
                    {r.credit_of ? (
                      <span className="badge badge-danger nowrap" data-credit>
                        {t.credit}
                      </span>
                    ) : null}
                    {r.reason ? <span className="endorse-sub">{r.reason === 'refunded' ? t.cancelledByRefund : r.reason}</span> : null}
                  </td>
                  <td className="iv-title">{r.title}</td>
                  <td className="nowrap iv-kind">{text.invoiceKind[r.kind as 'normal' | 'special'] ?? r.kind}</td>
                  <td className="num nowrap iv-amount">
                    {r.amount.startsWith('-') ? `−¥${formatMoney(r.amount.slice(1))}` : `¥${formatMoney(r.amount)}`}
                  </td>
                  <td className="nowrap iv-invno">{r.invoice_no}</td>
                  <td className="nowrap iv-actions">
                    {r.status === 'issued' ? (
                      <a className="btn btn-ghost btn-sm" href={`${downloadBase}?id=${r.id}`} data-action="download">
                        {t.download}
                      </a>
                    ) : null}
                    {memberActions && r.status === 'applied' && !r.credit_of ? (
                      <ApiButton
                        url="/userapi/v1/invoice/cancel"
                        method="POST"
                        data={{ id: r.id }}
                        label={t.cancel}
                        className="btn btn-ghost btn-sm"
                        refresh
                      />
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
