import { MemberPage } from '~/components/member-page';

/** /user/order/anze: business content not built yet; the shell, the title and an honest notice. */
export default function OrderAnzePage() {
  return <MemberPage page="user/order/anze" notBuilt />;
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
