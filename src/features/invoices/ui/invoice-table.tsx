/**
 * Server-rendered pieces of the invoice pages: the member's applications (status, reason,
 * download), the operator's queue, and one invoice's detail (items, timeline, file).
 */
import { formatDate, yuan } from '~/lib/format';
import { DataTable } from '~/ui/data-table';
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
        <DataTable
          className="invoice-table"
          rows={list}
          rowKey={(r) => r.id}
          rowAttrs={(r) => ({ 'data-invoice': r.apply_no })}
          columns={[
            {
              head: t.applyNo,
              cellClass: 'nowrap iv-no',
              cell: (r) => (
                <>
                  {detailPath ? <a href={`${detailPath}?id=${r.id}`}>{r.apply_no}</a> : r.apply_no}
                  <span className="endorse-sub">{formatDate(r.created_at, 'YYYY-MM-DD HH:mm', timeZone)}</span>
                </>
              ),
            },
            {
              head: text.table.status,
              cellClass: 'iv-status',
              cell: (r) => (
                <>
                  <StatusBadge status={r.status} text={text} />
                  {r.credit_of ? (
                    <span className="badge badge-danger nowrap" data-credit>
                      {t.credit}
                    </span>
                  ) : null}
                  {r.reason ? (
                    <span className="endorse-sub" translate={r.reason === 'refunded' ? undefined : 'no'}>
                      {r.reason === 'refunded' ? t.cancelledByRefund : r.reason}
                    </span>
                  ) : null}
                </>
              ),
            },
            { head: t.invTitle, cellClass: 'iv-title', cell: (r) => <span translate="no">{r.title}</span> },
            { head: t.kind, cellClass: 'nowrap iv-kind', cell: (r) => text.invoiceKind[r.kind as 'normal' | 'special'] ?? r.kind },
            { head: t.amount, headClass: 'num', cellClass: 'num nowrap iv-amount', cell: (r) => yuan(r.amount) },
            { head: t.invoiceNo, cellClass: 'nowrap iv-invno', cell: (r) => r.invoice_no },
            {
              head: <span className="sr-only">{t.download}</span>,
              cellClass: 'nowrap iv-actions',
              cell: (r) => (
                <>
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
                </>
              ),
            },
          ]}
        />
      )}
    </section>
  );
}
