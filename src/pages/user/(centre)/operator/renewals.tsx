/** /user/operator/renewals: policies ending within 30 days and their renewal state — the page is the renewals area's (`src/features/renewals/ui`). */
import { RenewalConsolePage } from '~/features/renewals/ui';

export default RenewalConsolePage;

export const getConfig = async () => ({ render: 'dynamic' }) as const;
