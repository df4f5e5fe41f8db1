/** /user/operator/members (operator console, issue #14) — the page is the operator area's (`src/features/operator/ui`). */
import { MembersPage } from '~/features/operator/ui';

export default MembersPage;

export const getConfig = async () => ({ render: 'dynamic' }) as const;
