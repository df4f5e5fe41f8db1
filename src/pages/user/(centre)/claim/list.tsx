import { ExportButton } from '~/components/export-button';
import { MemberPage } from '~/components/member-page';

/** /user/claim/list: business content not built yet; the shell, the title, the guarded Export action and an honest notice. */
export default function Page() {
  return <MemberPage page="user/claim/list" notBuilt actions={({ t }) => <ExportButton page="claim/list" t={t} />} />;
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
