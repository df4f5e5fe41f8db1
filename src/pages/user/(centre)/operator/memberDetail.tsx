/** /user/operator/memberDetail (operator console, issue #14) — the page is the operator area's (`src/features/operator/ui`). */
import { MemberDetailPage } from '~/features/operator/ui';

export default MemberDetailPage;

export const getConfig = async () => ({ render: 'dynamic' }) as const;
