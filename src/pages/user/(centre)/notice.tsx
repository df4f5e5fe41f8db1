/** /user/notice: every notice of the member — the page is the notifications area's (`src/features/notifications/ui`). */
import { NoticesPage } from '~/features/notifications/ui';

export default NoticesPage;

export const getConfig = async () => ({ render: 'dynamic' }) as const;
