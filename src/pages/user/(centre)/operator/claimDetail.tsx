/** /user/operator/claimDetail?id=: one claim for a reviewer — the page is the claims area's (`src/features/claims/ui`). */
import { OperatorClaimDetailPage } from '~/features/claims/ui';

export default OperatorClaimDetailPage;

export const getConfig = async () => ({ render: 'dynamic' }) as const;
