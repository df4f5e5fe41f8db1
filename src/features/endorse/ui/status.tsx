/** An endorsement's (or an invoice's) status as a coloured badge, in the page's language. */
import type { EndorseText } from '../texts';
import './endorse.css';

/** The status word of an endorsement or an invoice (unknown statuses as written; `label` words it otherwise, e.g. Withdrawn). */
export function StatusBadge({ status, text, label: word }: { status: string; text: EndorseText; label?: string }) {
  const label = word ?? (text.status as Record<string, string>)[status] ?? (text.invoiceStatus as Record<string, string>)[status] ?? status;
  return <span className={`badge endorse-status endorse-status-${status}`}>{label}</span>;
}
