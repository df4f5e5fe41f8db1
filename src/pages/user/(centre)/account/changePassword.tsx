/** /user/account/changePassword: change the login password — the page is the account area's (`src/features/account/ui`). */
import { AccountChangePasswordPage } from '~/features/account/ui';

export default AccountChangePasswordPage;

export const getConfig = async () => ({ render: 'dynamic' }) as const;
