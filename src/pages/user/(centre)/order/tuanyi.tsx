import { ExportButton } from '~/components/export-button';
import { MemberPage } from '~/components/member-page';

/** /user/order/tuanyi: business content not built yet; the shell, the title, the guarded Export action and an honest notice. */
export default function Page() {
  return <MemberPage page="user/order/tuanyi" notBuilt actions={({ t }) => <ExportButton page="order/tuanyi" t={t} />} />;
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
