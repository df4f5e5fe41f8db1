import { MemberPage } from '~/components/member-page';

/** /user/team/teamMange: business content not built yet; the shell, the title and an honest notice. */
export default function TeamTeamMangePage() {
  return <MemberPage page="user/team/teamMange" notBuilt />;
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
