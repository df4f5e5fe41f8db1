'use client';
/**
 * One POST on one record with an optional or required text (a reason, a note): seal review
 * (approve / reject / revoke), voiding a sealed file. The page re-renders from the server after.
 */
import { useId, useState } from 'react';
import { failureMessage, isCancel, request } from '~/lib/http';
import { refreshPage } from '~/lib/navigation/browser';

export interface SealActionProps {
  url: string;
  id: number;
  label: string;
  /** The text's field name in the body (`reason`, `note`); none when absent. */
  field?: 'reason' | 'note';
  placeholder?: string;
  /** Shown when the text is required and empty. */
  requiredMessage?: string;
  /** What the button acts on, for its accessible name. */
  target: string;
  primary?: boolean;
}

export function SealAction({ url, id, label, field, placeholder, requiredMessage, target, primary = false }: SealActionProps) {
  const uid = useId();
  const [busy, setBusy] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const send = async () => {
    if (busy) return;
    if (field && requiredMessage && !text.trim()) {
      setError(requiredMessage);
      return;
    }
    setBusy(true);
    setError('');
    try {
      await request({
        url,
        method: 'POST',
        data: field ? { id, [field]: text.trim() } : { id },
        showSuccessMessage: true,
        showErrorMessage: false,
        showCodeMessage: false,
      });
      await refreshPage();
    } catch (err) {
      if (!isCancel(err)) setError(failureMessage(err));
    }
    setBusy(false);
  };
  return (
    <form
      className="seal-inline"
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      {field ? (
        <>
          <label htmlFor={`${uid}-t`} className="sr-only">
            {placeholder}
          </label>
          <input
            id={`${uid}-t`}
            name={field}
            maxLength={200}
            placeholder={placeholder}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </>
      ) : null}
      <button
        type="submit"
        className={`btn btn-sm ${primary ? 'btn-primary' : 'btn-ghost'}`}
        disabled={busy}
        aria-label={`${label}: ${target}`}
      >
        {label}
      </button>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
