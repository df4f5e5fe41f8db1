/** /user/renewal?id=: renewing an ending policy — the page is the renewals area's (`src/features/renewals/ui`). */
import { RenewalPage } from '~/features/renewals/ui';

export default RenewalPage;

export const getConfig = async () => ({ render: 'dynamic' }) as const;
