/** /user/team/allocation: balance between the owner and a sub-account — the page is the team area's (`src/features/team/ui`). */
import { TeamAllocationPage } from '~/features/team/ui';

export default TeamAllocationPage;

export const getConfig = async () => ({ render: 'dynamic' }) as const;
