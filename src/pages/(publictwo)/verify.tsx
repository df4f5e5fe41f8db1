/** /verify (public, no login): check a sealed file's verification code and fingerprint — the page is the sealing area's (`src/features/sealing/ui`). */
import { VerifyPage } from '~/features/sealing/ui';

export default VerifyPage;

export const getConfig = async () => ({ render: 'dynamic' }) as const;
