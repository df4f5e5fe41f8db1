/** /user/operator/underwriting: the underwriting queue — the page is the orders area's (`src/features/orders/ui`). */
import { UnderwritingPage } from '~/features/orders/ui';

export default UnderwritingPage;

export const getConfig = async () => ({ render: 'dynamic' }) as const;
