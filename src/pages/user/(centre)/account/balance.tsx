import { MemberPage } from '~/components/member-page';

/** /user/account/balance: business content not built yet; the shell, the title and an honest notice. */
export default function AccountBalancePage() {
  return <MemberPage page="user/account/balance" notBuilt />;
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
