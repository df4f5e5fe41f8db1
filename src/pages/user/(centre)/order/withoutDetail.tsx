import { MemberPage } from '~/components/member-page';

/** /user/order/withoutDetail: business content not built yet; the shell, the title and an honest notice. */
export default function OrderWithoutDetailPage() {
  return <MemberPage page="user/order/withoutDetail" notBuilt />;
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
