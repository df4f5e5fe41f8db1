import { MemberPage } from '~/components/member-page';

/** /user/order/groupDetail: business content not built yet; the shell, the title and an honest notice. */
export default function OrderGroupDetailPage() {
  return <MemberPage page="user/order/groupDetail" notBuilt />;
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
