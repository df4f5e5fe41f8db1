/** /user/account/integral: the member's points ledger — the page is the account area's (`src/features/account/ui`). */
import { AccountIntegralPage } from '~/features/account/ui';

export default AccountIntegralPage;

export const getConfig = async () => ({ render: 'dynamic' }) as const;
