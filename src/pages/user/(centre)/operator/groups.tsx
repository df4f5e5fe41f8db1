/** /user/operator/groups (operator console, issue #14) — the page is the operator area's (`src/features/operator/ui`). */
import { GroupsPage } from '~/features/operator/ui';

export default GroupsPage;

export const getConfig = async () => ({ render: 'dynamic' }) as const;
