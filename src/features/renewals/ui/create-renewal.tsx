'use client';
/**
 * "Create renewal order": POST /renewal/create once (one request id per page view, so a double
 * click or a retry makes one order), then on to the new order's page with Pay open.
 */
import './renewals.css';
import { useRef, useState } from 'react';
import { isApiError, request } from '~/lib/http';
import { navigate } from '~/lib/navigation/browser';

export function CreateRenewal({ orderId, label, busyLabel }: { orderId: number; label: string; busyLabel: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const requestId = useRef(
    `renew-${(globalThis.crypto?.randomUUID?.() ?? `${Date.now()}${Math.random()}`).replaceAll('-', '').slice(0, 32)}`,
  );
  const create = async () => {
    setBusy(true);
    setError(null);
    try {
      const res = await request<{ order: { id: number } }>({
        url: '/userapi/v1/renewal/create',
        method: 'POST',
        data: { order_id: orderId, request_id: requestId.current },
        showErrorMessage: false,
        showCodeMessage: false,
        showSuccessMessage: true,
      });
      await navigate(`/user/order/groupDetail?id=${res.data.order.id}&ask=pay`);
    } catch (err) {
      setError(isApiError(err) && err.envelope ? err.envelope.message : String(err));
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className="btn btn-primary" data-action="create-renewal" disabled={busy} onClick={create}>
        {busy ? busyLabel : label}
      </button>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}
