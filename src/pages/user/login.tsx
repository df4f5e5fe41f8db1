/** /user/login: log in, register, reset a password (works without JavaScript) — the page is the identity area's (`src/features/identity/ui`). */
import { LoginPage } from '~/features/identity/ui';

export default LoginPage;

export const getConfig = async () => ({ render: 'dynamic' }) as const;
