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
