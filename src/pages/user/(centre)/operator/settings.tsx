/** /user/operator/settings (operator console, issue #14) — the page is the operator area's (`src/features/operator/ui`). */
import { SettingsPage } from '~/features/operator/ui';

export default SettingsPage;

export const getConfig = async () => ({ render: 'dynamic' }) as const;
