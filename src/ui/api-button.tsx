'use client';
/**
 * A button that calls one API endpoint through the HTTP helper and reports the outcome with
 * toasts (success text, §8 error texts, 401001 → login), then renders the page again from the
 * server when it says `refresh`. For permission-guarded actions such as Export: render it only
 * when the rule allows it; the API refuses it anyway (403) when not.
 *
 *   <ApiButton url="/userapi/v1/order/export" label={t('export')} successMessage={t('exported')} />
 */
import { useState } from 'react';
import { request } from '~/lib/http';
import { refreshPage } from '~/lib/navigation/browser';

export interface ApiButtonProps {
  url: string;
  method?: 'GET' | 'POST';
  label: string;
  /** Success toast text; else the API's message; else 'Operation successful'. */
  successMessage?: string;
  className?: string;
  /** JSON body for a POST (e.g. `{id}` of the row the button belongs to). */
  data?: Record<string, unknown>;
  /** Accessible name when the visible label is not specific enough (e.g. 'Sign out Chrome on Linux'). */
  ariaLabel?: string;
  /** Render the current page again after success (e.g. a list that changed). */
  refresh?: boolean;
}

export function ApiButton({
  url,
  method = 'GET',
  label,
  successMessage,
  className = 'btn btn-ghost',
  refresh = false,
  data,
  ariaLabel,
}: ApiButtonProps) {
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await request({ url, method, data, showSuccessMessage: true, successMessage, loading: true });
      if (refresh) await refreshPage();
    } catch {
      // Already shown as a toast (or the page is going to the login screen).
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className={className} disabled={busy} aria-busy={busy || undefined} aria-label={ariaLabel} onClick={onClick}>
      {label}
    </button>
  );
}
