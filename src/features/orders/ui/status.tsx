/** An order's status as a coloured badge, in the page's language. */
import type { OrderTexts } from '../texts';

export function OrderStatusBadge({ status, o }: { status: string; o: OrderTexts }) {
  return <span className={`badge order-status order-status-${status}`}>{o.status[status] ?? status}</span>;
}
