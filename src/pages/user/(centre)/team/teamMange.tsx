/** /user/team/teamMange: the owner's sub-accounts — the page is the team area's (`src/features/team/ui`). */
import { TeamListPage } from '~/features/team/ui';

export default TeamListPage;

export const getConfig = async () => ({ render: 'dynamic' }) as const;
