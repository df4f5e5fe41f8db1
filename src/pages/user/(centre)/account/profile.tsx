/** /user/account/profile: profile, contacts and signed-in devices — the page is the account area's (`src/features/account/ui`). */
import { ProfilePage } from '~/features/account/ui';

export default ProfilePage;

export const getConfig = async () => ({ render: 'dynamic' }) as const;
