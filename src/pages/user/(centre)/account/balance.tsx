/** /user/account/balance: the member's money ledger and top-ups — the page is the account area's (`src/features/account/ui`). */
import { AccountBalancePage } from '~/features/account/ui';

export default AccountBalancePage;

export const getConfig = async () => ({ render: 'dynamic' }) as const;
