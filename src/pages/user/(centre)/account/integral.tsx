import { MemberPage } from '~/components/member-page';

/** /user/account/integral: business content not built yet; the shell, the title and an honest notice. */
export default function AccountIntegralPage() {
  return <MemberPage page="user/account/integral" notBuilt />;
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
