import { ExportButton } from '~/components/export-button';
import { MemberPage } from '~/components/member-page';

/** /user/order/guzhu: business content not built yet; the shell, the title, the guarded Export action and an honest notice. */
export default function Page() {
  return <MemberPage page="user/order/guzhu" notBuilt actions={({ t }) => <ExportButton page="order/guzhu" t={t} />} />;
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
