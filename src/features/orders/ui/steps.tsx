/**
 * Where an order stands in its life (issue #29): ordered → paid → underwriting → in force → ended,
 * or cancelled / refused / surrendered after the step it reached; the date under each step reached
 * (from the order's timeline), in the reader's time zone. Drawn by the kit's `Steps`.
 */
import type { OrderRecord } from '../records';
import type { OrderStatus } from '../schemas';
import type { TimelineEntry } from '../transition';
import type { orderText } from '../texts';
import { formatDate } from '~/lib/format';
import { type LifecycleStep, LifecycleSteps, stepAt } from '~/ui/steps';

export const ORDER_STEPS: readonly LifecycleStep[] = [
  { key: 'created', statuses: ['unpaid'] },
  { key: 'paid', statuses: ['paid'] },
  { key: 'underwriting', statuses: ['underwriting'] },
  { key: 'issued', statuses: ['effective'] },
  { key: 'ended', statuses: ['expired'] },
];

/** The failure statuses and the step each ends after. */
export const ORDER_FAILURES = { cancelled: 'created', refused: 'underwriting', surrendered: 'issued' } as const;

/** Where an order in `status` (as members see it) stands. */
export const orderStepAt = (status: OrderStatus) => stepAt(ORDER_STEPS, status, ORDER_FAILURES);

export function OrderSteps({
  order,
  status,
  timeline,
  timeZone,
  o,
}: {
  order: Pick<OrderRecord, 'createdAt' | 'endDate'>;
  status: OrderStatus;
  timeline: readonly TimelineEntry[];
  timeZone: string;
  o: ReturnType<typeof orderText>;
}) {
  const day = (t: number | undefined) => (t ? formatDate(t, 'YYYY-MM-DD', timeZone) : null);
  const reached = (to: string) => day(timeline.find((e) => e.to === to)?.time);
  const dates: Record<string, string | null> = {
    created: day(order.createdAt),
    paid: reached('paid'),
    underwriting: reached('underwriting'),
    issued: reached('effective'),
    // Cover ends after its last day; an order shown as ended before the nightly sweep has no entry yet.
    ended: reached('expired') ?? (status === 'expired' ? order.endDate : null),
  };
  return (
    <div className="card order-wide order-lifecycle">
      <LifecycleSteps
        steps={ORDER_STEPS}
        words={o.detail.steps}
        dates={dates}
        at={orderStepAt(status)}
        status={status}
        failure={() => ({ label: o.status[status] ?? status, date: reached(status) })}
      />
    </div>
  );
}
