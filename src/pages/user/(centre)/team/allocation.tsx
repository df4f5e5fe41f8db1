import { MemberPage } from '~/components/member-page';

/** /user/team/allocation: business content not built yet; the shell, the title and an honest notice. */
export default function TeamAllocationPage() {
  return <MemberPage page="user/team/allocation" notBuilt />;
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
