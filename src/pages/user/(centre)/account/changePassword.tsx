import { MemberPage } from '~/components/member-page';

/** /user/account/changePassword: business content not built yet; the shell, the title and an honest notice. */
export default function AccountChangePasswordPage() {
  return <MemberPage page="user/account/changePassword" notBuilt />;
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
