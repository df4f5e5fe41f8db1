/** /user/operator/invoiceDetail: one invoice application to issue or reject — the page is the invoices area's (`src/features/invoices/ui`). */
import { OperatorInvoiceDetailPage } from '~/features/invoices/ui';

export default OperatorInvoiceDetailPage;

export const getConfig = async () => ({ render: 'dynamic' }) as const;
