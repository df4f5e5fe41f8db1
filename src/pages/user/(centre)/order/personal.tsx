import { MemberPage } from '~/components/member-page';

/** /user/order/personal: business content not built yet; the shell, the title and an honest notice. */
export default function OrderPersonalPage() {
  return <MemberPage page="user/order/personal" notBuilt />;
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
