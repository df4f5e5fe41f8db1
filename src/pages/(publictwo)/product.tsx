/** /product: the product catalogue and plan comparison — the page is the products area's (`src/features/products/ui`). */
import { CataloguePage } from '~/features/products/ui';

export default CataloguePage;

export const getConfig = async () => ({ render: 'dynamic' }) as const;
