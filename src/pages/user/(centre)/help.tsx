/** /user/help: the help centre inside the member centre — the page is the help area's (`src/features/help/ui`). */
import { CentreHelpPage } from '~/features/help/ui';

export default CentreHelpPage;

export const getConfig = async () => ({ render: 'dynamic' }) as const;
