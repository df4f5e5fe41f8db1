/** /user/order/invoiceApply: the invoiceable amounts, the application form and the member's invoices — the page is the invoices area's (`src/features/invoices/ui`). */
import { OrderInvoiceApplyPage } from '~/features/invoices/ui';

export default OrderInvoiceApplyPage;

export const getConfig = async () => ({ render: 'dynamic' }) as const;
