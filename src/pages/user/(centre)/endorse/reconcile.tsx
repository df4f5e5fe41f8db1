/** /user/endorse/reconcile?order=: a policy's roster reconciled with HR's staff list — the page is the endorse area's (`src/features/endorse/ui`). */
import { EndorseReconcilePage } from '~/features/endorse/ui';

export default EndorseReconcilePage;

export const getConfig = async () => ({ render: 'dynamic' }) as const;
