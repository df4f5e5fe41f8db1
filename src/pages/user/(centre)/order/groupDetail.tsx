/** /user/order/groupDetail?id=: one order — the page is the orders area's (`src/features/orders/ui`). */
import { OrderDetailPage } from '~/features/orders/ui';

export default OrderDetailPage;

export const getConfig = async () => ({ render: 'dynamic' }) as const;
