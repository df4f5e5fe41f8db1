/** /user/account/overview: greeting, balances, shortcuts and the growth chart — the page is the account area's (`src/features/account/ui`). */
import { OverviewPage } from '~/features/account/ui';

export default OverviewPage;

export const getConfig = async () => ({ render: 'dynamic' }) as const;
