import { MemberPage } from '~/components/member-page';

/** /user/order/endorseDetail: business content not built yet; the shell, the title and an honest notice. */
export default function OrderEndorseDetailPage() {
  return <MemberPage page="user/order/endorseDetail" notBuilt />;
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
