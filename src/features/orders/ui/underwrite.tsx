'use client';
/** An operator's decision on one order in underwriting: Accept, or Refuse with a reason (the premium is refunded once). */
import './orders.css';
import { useState } from 'react';
import type { OrderTexts } from '../texts';
import { isApiError, request } from '~/lib/http';
import { refreshPage } from '~/lib/navigation/browser';

export function OrderUnderwrite({ id, o }: { id: number; o: Pick<OrderTexts, 'operator' | 'confirm'> }) {
  const [refusing, setRefusing] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const decide = async (decision: 'accept' | 'refuse') => {
    setBusy(true);
    setError(null);
    try {
      await request({
        url: '/userapi/v1/operator/order/underwrite',
        method: 'POST',
        data: { id, decision, reason },
        showErrorMessage: false,
        showCodeMessage: false,
        showSuccessMessage: true,
      });
      await refreshPage();
    } catch (err) {
      setError(isApiError(err) && err.envelope ? err.envelope.message : String(err));
      setBusy(false);
    }
  };
  return (
    <div className="order-decide">
      {refusing ? (
        <>
          <input
            aria-label={o.operator.reason}
            placeholder={o.operator.reason}
            value={reason}
            maxLength={200}
            onChange={(e) => setReason(e.target.value)}
          />
          <button type="button" className="btn btn-primary btn-sm" disabled={busy || !reason.trim()} onClick={() => decide('refuse')}>
            {o.operator.refuse}
          </button>
          <button type="button" className="btn btn-ghost btn-sm" disabled={busy} onClick={() => setRefusing(false)}>
            {o.confirm.no}
          </button>
        </>
      ) : (
        <>
          <button type="button" className="btn btn-primary btn-sm" disabled={busy} onClick={() => decide('accept')} data-action="accept">
            {o.operator.accept}
          </button>
          <button type="button" className="btn btn-ghost btn-sm" disabled={busy} onClick={() => setRefusing(true)} data-action="refuse">
            {o.operator.refuse}
          </button>
        </>
      )}
      {error ? (
        <span className="order-field-error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}
