/** An operator's decision with a note (approve) or a required reason (reject): one inline form. */
import { ApiForm } from '~/ui/api-form';

export function NoteForm({
  url,
  id,
  label,
  name,
  placeholder,
  danger = false,
}: {
  url: string;
  /** The record's id, sent with the note. */
  id: number;
  label: string;
  /** `note` (optional) or `reason` (required). */
  name: 'note' | 'reason';
  placeholder: string;
  /** A red button (reject). */
  danger?: boolean;
}) {
  return (
    <ApiForm url={url} extra={{ id }} submitLabel={label} submitClass={danger ? 'btn btn-danger' : undefined} className="endorse-inline">
      <input name={name} maxLength={200} placeholder={placeholder} aria-label={placeholder} required={name === 'reason' || undefined} />
    </ApiForm>
  );
}

/** Reject with a required reason (a red button): the invoice review's only refusal. */
export function RejectForm(props: { url: string; id: number; label: string; placeholder: string }) {
  return <NoteForm {...props} name="reason" danger />;
}

/**
 * An operator's decision on a submitted record, side by side: Approve with an optional note and
 * Reject with a required reason.
 */
export function DecisionForms({
  approve,
  reject,
  id,
  text,
}: {
  /** The API paths of the two decisions. */
  approve: string;
  reject: string;
  id: number;
  text: { approve: string; reject: string; note: string; reason: string };
}) {
  return (
    <div className="endorse-decide">
      <NoteForm url={approve} id={id} label={text.approve} name="note" placeholder={text.note} />
      <RejectForm url={reject} id={id} label={text.reject} placeholder={text.reason} />
    </div>
  );
}
