/** /user/claim/detail?id=: one of the member's claims — the page is the claims area's (`src/features/claims/ui`). */
import { ClaimDetailPage } from '~/features/claims/ui';

export default ClaimDetailPage;

export const getConfig = async () => ({ render: 'dynamic' }) as const;
