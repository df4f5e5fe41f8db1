/** /user/order/withoutDetail: the member's (team-visible) orders, the Add form at ?new=1, Export — the page is the orders area's (`src/features/orders/ui`). */
import { WithoutDetailListPage } from '~/features/orders/ui';

export default WithoutDetailListPage;

export const getConfig = async () => ({ render: 'dynamic' }) as const;
