import { InvoiceTable } from './invoice-table';
import './invoices.css';
import { EndorseFrame } from '~/features/endorse/ui';
import { listInvoices } from '../views';
import { listSources } from '../sources';
import { InvoiceApplyForm } from './apply-form';
import { checkAuth } from '~/lib/member-centre';
import { fenToYuan } from '~/lib/money';
import { visibleUserIds } from '~/server/members';
import { orderText } from '~/features/orders/texts';

export function OrderInvoiceApplyPage({ query }: { query?: string }) {
  const params = new URLSearchParams(query ?? '');
  const page = Math.max(1, Number(params.get('page')) || 1);
  return (
    <EndorseFrame
      page="user/order/invoiceApply"
      title={(text) => text.titles.invoiceApply}
      render={async ({ view, session, db, text }) => {
        const t = text.invoice;
        const products = orderText(view.locale).products;
        const ids = await visibleUserIds(db, session.userId);
        const sources = await listSources(db, ids);
        const list = await listInvoices(db, ids, { status: '', keyword: '', page, limit: 20 });
        const [last] =
          await db.sql`SELECT title, taxpayer_id, email FROM invoice WHERE user_id = ${session.userId} ORDER BY id DESC LIMIT 1`;
        return (
          <div className="invoices">
            <InvoiceApplyForm
              readOnly={!checkAuth(view.centre.authNode, view.path, 'add')}
              sources={sources.map((s) => ({
                type: s.type,
                id: s.id,
                kind: s.type === 'order' ? t.order : t.endorse,
                refNo: s.refNo,
                paid: fenToYuan(s.paid),
                refunded: fenToYuan(s.refunded),
                amount: fenToYuan(s.invoiceable),
                policyId: s.policy.orderId,
                policyName: [products[s.policy.product], view.locale === 'en' ? s.policy.planNameEn : s.policy.planName]
                  .filter(Boolean)
                  .join(' · '),
                policyNo: s.policy.no,
              }))}
              text={{
                ...t,
                normal: text.invoiceKind.normal,
                special: text.invoiceKind.special,
              }}
              defaults={last ? { title: String(last.title), taxpayer_id: String(last.taxpayer_id), email: String(last.email) } : {}}
            />
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
