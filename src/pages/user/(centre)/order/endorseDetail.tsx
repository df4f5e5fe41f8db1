/** /user/order/endorseDetail: one endorsement and the policy's roster — the page is the endorse area's (`src/features/endorse/ui`). */
import { OrderEndorseDetailPage } from '~/features/endorse/ui';

export default OrderEndorseDetailPage;

export const getConfig = async () => ({ render: 'dynamic' }) as const;
