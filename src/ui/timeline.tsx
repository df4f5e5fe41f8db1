/**
 * The one timeline (decision 0014, issue #29): a record's history as an ordered list, oldest first,
 * one `<li>` per event, drawn the same on every page (src/styles/timeline.css). Each event renders as
 * a `<TimelineEntry>` — its status (text or badge), who, when and the note; the area names the list
 * (`claim-timeline`, `order-timeline`) for its tests.
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
    <ol className={`timeline ${className}`}>
      {events.map((e) => (
        <li key={eventKey(e)}>{children(e)}</li>
      ))}
    </ol>
  );
}

export interface TimelineEntryProps {
  /** The status reached (a word or a badge). */
  title: ReactNode;
  /** Who made the change (a name is data: mark it `translate="no"`). */
  who?: ReactNode;
  /** When, already formatted in the reader's time zone. */
  when: string;
  /** The note written with the change, if any (data). */
  note?: string | null;
}

/** One event of a timeline: the status and who on one line, when below, the note last. */
export function TimelineEntry({ title, who, when, note }: TimelineEntryProps) {
  return (
    <>
      <div className="timeline-head">
        <span className="timeline-title">{title}</span>
        {who ? <span className="timeline-who">{who}</span> : null}
      </div>
      <div className="timeline-when">{when}</div>
      {note ? (
        <div className="timeline-note" translate="no">
          {note}
        </div>
      ) : null}
    </>
  );
}
