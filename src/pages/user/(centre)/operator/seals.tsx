/** /user/operator/seals (issue #13): the operator's review of members' seals — the page is the sealing area's (`src/features/sealing/ui`). */
import { SealReviewPage } from '~/features/sealing/ui';

export default SealReviewPage;

export const getConfig = async () => ({ render: 'dynamic' }) as const;
