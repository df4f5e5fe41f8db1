import { MemberPage } from '~/components/member-page';

/** /user/order/invoiceApply: business content not built yet; the shell, the title and an honest notice. */
export default function OrderInvoiceApplyPage() {
  return <MemberPage page="user/order/invoiceApply" notBuilt />;
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
