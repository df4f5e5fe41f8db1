/** /user/operator/endorseDetail: one endorsement for review — the page is the endorse area's (`src/features/endorse/ui`). */
import { OperatorEndorseDetailPage } from '~/features/endorse/ui';

export default OperatorEndorseDetailPage;

export const getConfig = async () => ({ render: 'dynamic' }) as const;
