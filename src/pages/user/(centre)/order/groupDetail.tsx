/** /user/order/groupDetail?id=: one order — summary, timeline, insured list, policy PDF, Pay / Cancel / Surrender. */
import type { PageProps } from 'waku/router';
import { OrderDetailPage } from '~/components/order-detail';

export default function Page({ query }: PageProps<'/user/order/groupDetail'>) {
  return <OrderDetailPage query={query ?? ''} />;
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
