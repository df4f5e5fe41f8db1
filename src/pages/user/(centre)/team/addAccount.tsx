import { MemberPage } from '~/components/member-page';

/** /user/team/addAccount: business content not built yet; the shell, the title and an honest notice. */
export default function TeamAddAccountPage() {
  return <MemberPage page="user/team/addAccount" notBuilt />;
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
