/** /user/operator/rules (operator console, issue #14) — the page is the operator area's (`src/features/operator/ui`). */
import { RulesPage } from '~/features/operator/ui';

export default RulesPage;

export const getConfig = async () => ({ render: 'dynamic' }) as const;
