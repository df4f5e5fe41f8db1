/** /user/operator/products: the plans and their prices — the page is the products area's (`src/features/products/ui`). */
import { OperatorProductsPage } from '~/features/products/ui';

export default OperatorProductsPage;

export const getConfig = async () => ({ render: 'dynamic' }) as const;
