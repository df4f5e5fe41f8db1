/**
 * A state-change event row (the `*_event` tables of endorsements and invoices: from/to status,
 * actor, note, time) as the API shows it in a record's timeline.
 */
import { num } from './client';

export interface StatusEvent {
  from: string;
  to: string;
  actor_id: number | null;
  note: string;
  created_at: number;
}

export function statusEvent(r: Record<string, unknown>): StatusEvent {
  return {
    from: String(r.from_status),
    to: String(r.to_status),
    actor_id: r.actor_id == null ? null : num(r.actor_id),
    note: String(r.note ?? ''),
    created_at: num(r.created_at),
  };
}
