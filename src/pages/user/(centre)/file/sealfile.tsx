/** /user/file/sealfile (issue #13): seal PDFs with the company's approved seal; history; seals — the page is the sealing area's (`src/features/sealing/ui`). */
import { SealCentrePage } from '~/features/sealing/ui';

export default SealCentrePage;

export const getConfig = async () => ({ render: 'dynamic' }) as const;
