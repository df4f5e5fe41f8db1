import { MemberPage } from '~/components/member-page';

/** /user/claim/list: business content not built yet; the shell, the title and an honest notice. */
export default function ClaimListPage() {
  return <MemberPage page="user/claim/list" notBuilt />;
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
