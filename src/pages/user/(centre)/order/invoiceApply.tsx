/**
 * /user/order/invoiceApply: the invoiceable amounts (paid policies and endorsement charges) with a
 * running total, the application form (`order/invoiceApply/add`: title, GB 32100 code checked as
 * typed, special-invoice fields), and the member's applications with status, reason and download.
 */
import type { PageProps } from 'waku/router';
import { Auth } from '~/components/auth';
import { endorseText } from '~/components/endorse-text';
import { InvoiceTable } from '~/components/invoice-views';
import { MemberPage } from '~/components/member-page';
import { listInvoices, listSources } from '~/features/invoices';
import { InvoiceApplyForm } from '~/islands/invoice-apply-form';
import { fenToYuan } from '~/lib/money';
import { getRequestContext } from '~/server/context';
import { getDb } from '~/server/db/client';
import { visibleUserIds } from '~/server/members';

export default function OrderInvoiceApplyPage({ query }: PageProps<'/user/order/invoiceApply'>) {
  const params = new URLSearchParams(query ?? '');
  const page = Math.max(1, Number(params.get('page')) || 1);
  return (
    <MemberPage
      page="user/order/invoiceApply"
      render={async ({ view }) => {
        const session = getRequestContext().session;
        if (!session) return null;
        const db = getDb();
        const text = endorseText(view.locale);
        const t = text.invoice;
        const ids = await visibleUserIds(db, session.userId);
        const sources = await listSources(db, ids);
        const open = sources.filter((s) => s.invoiceable > 0);
        const list = await listInvoices(db, ids, { status: '', keyword: '', page, limit: 20 });
        const [last] =
          await db.sql`SELECT title, taxpayer_id, email FROM invoice WHERE user_id = ${session.userId} ORDER BY id DESC LIMIT 1`;
        return (
          <div className="invoices">
            <section className="card" aria-labelledby="iv-sources">
              <h2 id="iv-sources">{t.sources}</h2>
              <div className="table-scroll">
                <table className="data-table invoice-sources-table">
                  <thead>
                    <tr>
                      <th scope="col">{t.source}</th>
                      <th scope="col">{t.refNo}</th>
                      <th scope="col" className="num">
                        {t.paid}
                      </th>
                      <th scope="col" className="num">
                        {t.refunded}
                      </th>
                      <th scope="col" className="num">
                        {t.invoiceable}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {sources.map((s) => (
                      <tr key={`${s.type}:${s.id}`}>
                        <td>{s.type === 'order' ? t.order : t.endorse}</td>
                        <td className="nowrap">{s.refNo}</td>
                        <td className="num">¥{fenToYuan(s.paid)}</td>
                        <td className="num">¥{fenToYuan(s.refunded)}</td>
                        <td className="num">¥{fenToYuan(s.invoiceable)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </section>
            <Auth action="add">
              <InvoiceApplyForm
                sources={open.map((s) => ({
                  type: s.type,
                  id: s.id,
                  label: `${s.type === 'order' ? t.order : t.endorse} ${s.refNo}`,
                  amount: fenToYuan(s.invoiceable),
                }))}
                text={{
                  ...t,
                  normal: text.invoiceKind.normal,
                  special: text.invoiceKind.special,
                  codeBad: view.locale === 'en' ? 'Check character does not match (GB 32100)' : '校验位不符（GB 32100）',
                }}
                defaults={last ? { title: String(last.title), taxpayer_id: String(last.taxpayer_id), email: String(last.email) } : {}}
              />
            </Auth>
            <InvoiceTable
              list={list.list}
              total={list.total}
              text={text}
              timeZone={view.timeZone}
              memberActions
              downloadBase="/userapi/v1/invoice/download"
            />
          </div>
        );
      }}
    />
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
