/** /user/claim/list: the member's claims and the report wizard — the page is the claims area's (`src/features/claims/ui`). */
import { ClaimListPage } from '~/features/claims/ui';

export default ClaimListPage;

export const getConfig = async () => ({ render: 'dynamic' }) as const;
