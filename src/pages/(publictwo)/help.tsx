/** /help: the help centre for visitors — the page is the help area's (`src/features/help/ui`). */
import { PublicHelpPage } from '~/features/help/ui';

export default PublicHelpPage;

export const getConfig = async () => ({ render: 'dynamic' }) as const;
