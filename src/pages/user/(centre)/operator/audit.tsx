/** /user/operator/audit (operator console, issue #14) — the page is the operator area's (`src/features/operator/ui`). */
import { AuditPage } from '~/features/operator/ui';

export default AuditPage;

export const getConfig = async () => ({ render: 'dynamic' }) as const;
