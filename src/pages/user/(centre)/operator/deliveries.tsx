/** /user/operator/deliveries: the notice delivery log (issue #30) — the page is the notifications area's (`src/features/notifications/ui`). */
import { DeliveriesPage } from '~/features/notifications/ui';

export default DeliveriesPage;

export const getConfig = async () => ({ render: 'dynamic' }) as const;
