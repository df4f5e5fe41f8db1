/** /user/team/addAccount: add a sub-account, or with `?id=` edit one — the page is the team area's (`src/features/team/ui`). */
import { TeamAddAccountPage } from '~/features/team/ui';

export default TeamAddAccountPage;

export const getConfig = async () => ({ render: 'dynamic' }) as const;
