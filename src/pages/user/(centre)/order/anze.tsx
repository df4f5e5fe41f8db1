/** /user/order/anze: the member's (team-visible) orders with filters in the URL, the Add form at ?new=1, Export. */
import type { PageProps } from 'waku/router';
import { OrderListPage } from '~/components/order-list';

export default function Page({ query }: PageProps<'/user/order/anze'>) {
  return <OrderListPage type="anze" query={query ?? ''} />;
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
