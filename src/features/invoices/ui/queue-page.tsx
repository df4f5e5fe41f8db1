/** /user/operator/invoices: invoice applications to issue (applied first; status and page in the URL). Operator-only. */
import './invoices.css';
import * as v from 'valibot';
import { InvoiceTable } from './invoice-table';
import { EndorseFrame } from '~/features/endorse/ui';
import { Field, SelectField } from '~/ui/field';
import { FilterForm } from '~/ui/filter-form';
import { INVOICE_STATUSES } from '../states';
import { invoiceListSchema } from '../schemas';
import { listInvoices } from '../views';

export function OperatorInvoicesPage({ query }: { query?: string }) {
  return (
    <EndorseFrame
      page="user/operator/invoices"
      render={async ({ view, db, text }) => {
        const parsed = v.safeParse(invoiceListSchema, { status: 'applied', ...Object.fromEntries(new URLSearchParams(query ?? '')) });
        const q = parsed.success ? parsed.output : v.parse(invoiceListSchema, { status: 'applied' });
        const result = await listInvoices(db, null, q);
        return (
          <div className="invoices">
            <FilterForm
              action="/user/operator/invoices"
              className="endorse-filters"
              label={text.filters.label}
              actionsClass="endorse-filter-actions"
              apply={text.filters.apply}
            >
              <SelectField
                id="iv-status"
                name="status"
                label={text.filters.status}
                value={q.status}
                all={text.filters.all}
                options={INVOICE_STATUSES.map((s) => [s, text.invoiceStatus[s]] as const)}
              />
              <Field id="iv-kw" label={text.filters.keyword}>
                <input id="iv-kw" name="keyword" type="search" maxLength={50} defaultValue={q.keyword} />
              </Field>
            </FilterForm>
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
