/** /offer: the instant quote — the page is the products area's (`src/features/products/ui`). */
import { OfferPage } from '~/features/products/ui';

export default OfferPage;

export const getConfig = async () => ({ render: 'dynamic' }) as const;
