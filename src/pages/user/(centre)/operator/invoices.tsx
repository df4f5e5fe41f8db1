/** /user/operator/invoices: the operator's invoice queue — the page is the invoices area's (`src/features/invoices/ui`). */
import { OperatorInvoicesPage } from '~/features/invoices/ui';

export default OperatorInvoicesPage;

export const getConfig = async () => ({ render: 'dynamic' }) as const;
