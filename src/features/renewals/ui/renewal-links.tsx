/**
 * The renewal links of a policy's page (orders' detail page, one line there): Renew on a policy
 * ending within 30 days or ended within 30 (for a member who may place such an order), the renewal
 * order once one stands ("Renewed by …" / "Renewal order …"), and on a renewal order the policy it
 * renews ("Renews …").
 */
import type { OrderRecord } from '~/features/orders';
import { fill } from '~/lib/texts';
import type { Locale } from '~/lib/types';
import { getRequestContext } from '~/server/context';
import { getDb } from '~/server/db/client';
import { mayPlace } from '../access';
import { offersRenew, predecessorOf, successorOf } from '../quote';
import { renewalText } from '../texts';

export async function RenewalLinks({ order, today, locale }: { order: OrderRecord; today: string; locale: Locale }) {
  const t = renewalText(locale).links;
  const session = getRequestContext().session;
  if (!session) return null;
  const db = getDb();
  const [next, previous] = await Promise.all([successorOf(db, order.id), predecessorOf(db, order)]);
  const renew = !next && offersRenew(order, today) && (await mayPlace(db, session, order));
  return (
    <>
      {renew ? (
        <a href={`/user/renewal?id=${order.id}`} data-nav="none" className="btn btn-primary" data-action="renew">
          {t.renew}
        </a>
      ) : null}
      {next ? (
        <a href={`/user/order/groupDetail?id=${next.id}`} data-nav="none" className="btn btn-ghost" data-renewed-by={next.orderNo}>
          {fill(next.status === 'unpaid' ? t.ordered : t.renewedBy, { no: next.policyNo ?? next.orderNo })}
        </a>
      ) : null}
      {previous ? (
        <a href={`/user/order/groupDetail?id=${previous.id}`} data-nav="none" className="btn btn-ghost" data-renewal-of={previous.orderNo}>
          {fill(t.renewalOf, { no: previous.policyNo ?? previous.orderNo })}
        </a>
      ) : null}
    </>
  );
}
