/** /user/operator/topups: the operator's review of top-up requests — the page is the account area's (`src/features/account/ui`). */
import { OperatorTopupsPage } from '~/features/account/ui';

export default OperatorTopupsPage;

export const getConfig = async () => ({ render: 'dynamic' }) as const;
