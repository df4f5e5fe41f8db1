/** /user/operator/claims: the claim review queue — the page is the claims area's (`src/features/claims/ui`). */
import { OperatorClaimsPage } from '~/features/claims/ui';

export default OperatorClaimsPage;

export const getConfig = async () => ({ render: 'dynamic' }) as const;
