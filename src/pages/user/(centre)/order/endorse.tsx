/** /user/order/endorse: the member's endorsements, the add form and the draft — the page is the endorse area's (`src/features/endorse/ui`). */
import { OrderEndorsePage } from '~/features/endorse/ui';

export default OrderEndorsePage;

export const getConfig = async () => ({ render: 'dynamic' }) as const;
