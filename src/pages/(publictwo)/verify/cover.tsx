/** /verify/cover (public, no login): check a proof of cover by its code — the page is the cover area's (`src/features/cover/ui`). */
import { CoverVerifyPage } from '~/features/cover/ui';

export default CoverVerifyPage;

export const getConfig = async () => ({ render: 'dynamic' }) as const;
