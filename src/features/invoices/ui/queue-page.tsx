/** /user/operator/invoices: invoice applications to issue (applied first; status and page in the URL). Operator-only. */
import * as v from 'valibot';
import { endorseText } from '~/features/endorse/texts';
import { InvoiceTable } from './invoice-table';
import { PageFrame } from '~/ui';
import { INVOICE_STATUSES } from '../states';
import { invoiceListSchema } from '../schemas';
import { listInvoices } from '../views';
import { getRequestContext } from '~/server/context';
import { getDb } from '~/server/db/client';

export function OperatorInvoicesPage({ query }: { query?: string }) {
  return (
    <PageFrame
      page="user/operator/invoices"
      render={async ({ view }) => {
        const session = getRequestContext().session;
        if (!session) return null;
        const db = getDb();
        const text = endorseText(view.locale);
        const parsed = v.safeParse(invoiceListSchema, { status: 'applied', ...Object.fromEntries(new URLSearchParams(query ?? '')) });
        const q = parsed.success ? parsed.output : v.parse(invoiceListSchema, { status: 'applied' });
        const result = await listInvoices(db, null, q);
        return (
          <div className="invoices">
            <form method="get" action="/user/operator/invoices" className="card endorse-filters">
              <div className="field">
                <label htmlFor="iv-status">{text.filters.status}</label>
                <select id="iv-status" name="status" defaultValue={q.status}>
                  <option value="">{text.filters.all}</option>
                  {INVOICE_STATUSES.map((s) => (
                    <option key={s} value={s}>
                      {text.invoiceStatus[s]}
                    </option>
                  ))}
                </select>
              </div>
              <div className="field">
                <label htmlFor="iv-kw">{text.filters.keyword}</label>
                <input id="iv-kw" name="keyword" type="search" maxLength={50} defaultValue={q.keyword} />
              </div>
              <div className="endorse-filter-actions">
                <button type="submit" className="btn btn-primary btn-sm">
                  {text.filters.apply}
                </button>
              </div>
            </form>
            <InvoiceTable
              list={result.list}
              total={result.total}
              text={text}
              timeZone={view.timeZone}
              detailPath="/user/operator/invoiceDetail"
              downloadBase="/userapi/v1/operator/invoice/download"
            />
          </div>
        );
      }}
    />
  );
}
