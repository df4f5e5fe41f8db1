/** /user/operator/endorsements: the operator's endorsement queue — the page is the endorse area's (`src/features/endorse/ui`). */
import { OperatorEndorsementsPage } from '~/features/endorse/ui';

export default OperatorEndorsementsPage;

export const getConfig = async () => ({ render: 'dynamic' }) as const;
