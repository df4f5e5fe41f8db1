/**
 * The one timeline (decision 0014): a record's history as an ordered list, oldest first, one `<li>`
 * per event. The area renders an event's content (status badge, who, when, note) and names the list
 * (`claim-timeline`, `order-timeline`) for its styles.
 */
import type { ReactNode } from 'react';

export interface TimelineProps<E> {
  className: string;
  events: readonly E[];
  eventKey: (event: E) => string;
  children: (event: E) => ReactNode;
}

export function Timeline<E>({ className, events, eventKey, children }: TimelineProps<E>) {
  return (
    <ol className={className}>
      {events.map((e) => (
        <li key={eventKey(e)}>{children(e)}</li>
      ))}
    </ol>
  );
}
