/** Who may renew: the member sees the policy (404 otherwise) and may place orders of its product. */
import type { OrderRecord } from '~/features/orders';
import type { Db } from '~/server/db/client';
import { hasAction } from '~/server/permissions';
import type { Session } from '~/server/context';

/** The button rule that places an order of this product (headcount plans: also the withoutDetail page's). */
export async function mayPlace(db: Db, session: Session, order: Pick<OrderRecord, 'product' | 'namedList'>): Promise<boolean> {
  if (await hasAction(db, session, `order/${order.product}/add`)) return true;
  return !order.namedList && hasAction(db, session, 'order/withoutDetail/add');
}
