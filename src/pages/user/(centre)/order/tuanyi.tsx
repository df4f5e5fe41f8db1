/** /user/order/tuanyi: the member's (team-visible) orders, the Add form at ?new=1, Export — the page is the orders area's (`src/features/orders/ui`). */
import { TuanyiListPage } from '~/features/orders/ui';

export default TuanyiListPage;

export const getConfig = async () => ({ render: 'dynamic' }) as const;
