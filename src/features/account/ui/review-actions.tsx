'use client';
/**
 * The operator's decision on one pending top-up: confirm (credits the ledger once, however often
 * clicked) or reject with a reason. The list re-renders from the server afterwards.
 */
import { useId, useState } from 'react';
import { failureMessage, isCancel, request } from '~/lib/http';
import { refreshPage } from '~/lib/navigation/browser';

export interface ReviewText {
  confirm: string;
  reject: string;
  reason: string;
  reasonRequired: string;
}

export function AccountReviewActions({ id, text, label }: { id: number; text: ReviewText; label: string }) {
  const uid = useId();
  const [busy, setBusy] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const send = async (action: 'confirm' | 'reject') => {
    if (busy) return;
    if (action === 'reject' && !reason.trim()) {
      setError(text.reasonRequired);
      return;
    }
    setBusy(true);
    setError('');
    try {
      await request({
        url: `/userapi/v1/operator/topup/${action}`,
        method: 'POST',
        data: action === 'confirm' ? { id } : { id, reason: reason.trim() },
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
    <div className="account-review-actions">
      <button
        type="button"
        className="btn btn-primary btn-sm"
        disabled={busy}
        aria-label={`${text.confirm}: ${label}`}
        onClick={() => void send('confirm')}
      >
        {text.confirm}
      </button>
      <form
        className="account-reject"
        onSubmit={(e) => {
          e.preventDefault();
          void send('reject');
        }}
      >
        <label htmlFor={`${uid}-reason`} className="sr-only">
          {text.reason}
        </label>
        <input
          id={`${uid}-reason`}
          name="reason"
          maxLength={200}
          placeholder={text.reason}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
        <button type="submit" className="btn btn-ghost btn-sm" disabled={busy} aria-label={`${text.reject}: ${label}`}>
          {text.reject}
        </button>
      </form>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
