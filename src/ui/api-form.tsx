'use client';
/**
 * A form whose fields are server-rendered children (and may hold other client components) and
 * whose submit posts them as JSON to one endpoint, lists field errors under the form (and as the
 * usual toast), then renders the page again or goes on to a URL (`{id}` becomes the new record's
 * id). Every write of the endorsement and invoice pages uses it. `extra` fields go along (the
 * draft's id…); a `request_id` of `"*"` becomes a fresh id once per form, so a retried click stays
 * idempotent.
 */
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { isApiError, request } from '~/lib/http';
import { navigate, refreshPage } from '~/lib/navigation/browser';

export interface ApiFormProps {
  url: string;
  extra?: Record<string, unknown>;
  /** After success: render the page again (default), or go to this URL (`{id}` filled from the reply). */
  then?: string;
  submitLabel: string;
  submitClass?: string;
  className?: string;
  children?: ReactNode;
  /** Confirm before sending (plain `confirm()`), e.g. before a debit. */
  confirmText?: string;
  ariaLabel?: string;
}

/** The form's fields as an object: repeated names become arrays; numbers stay strings (schemas coerce). */
export function formFields(form: HTMLFormElement): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of new FormData(form).entries()) {
    if (typeof v !== 'string') continue;
    if (k in out) out[k] = ([] as unknown[]).concat(out[k], v);
    else out[k] = v;
  }
  return out;
}

const freshId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

export function ApiForm({
  url,
  extra,
  then,
  submitLabel,
  submitClass = 'btn btn-primary',
  className = 'endorse-form',
  children,
  confirmText,
  ariaLabel,
}: ApiFormProps) {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const requestId = useRef<string | null>(null);

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    if (confirmText && !window.confirm(confirmText)) return;
    setBusy(true);
    setErrors([]);
    requestId.current ??= freshId();
    const data: Record<string, unknown> = { ...formFields(e.currentTarget), ...extra };
    if (data.request_id === '*') data.request_id = requestId.current;
    try {
      const res = await request<Record<string, { id?: number } | undefined>>({
        url,
        method: 'POST',
        data,
        showSuccessMessage: true,
        loading: true,
      });
      const id = res.data?.endorsement?.id ?? res.data?.invoice?.id ?? '';
      requestId.current = null;
      if (then) await navigate(then.replace('{id}', String(id)));
      else await refreshPage();
    } catch (err) {
      if (isApiError(err)) {
        const d = err.data as { errors?: Record<string, string>; rows?: { row: number; message: string }[] } | null;
        const messages = [...Object.values(d?.errors ?? {}), ...(d?.rows ?? []).map((r) => `#${r.row}: ${r.message}`)];
        setErrors(messages.length ? messages : [err.message]);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={className} aria-label={ariaLabel} noValidate onSubmit={onSubmit}>
      {children}
      <div className="endorse-form-actions">
        <button type="submit" className={submitClass} disabled={busy} aria-busy={busy || undefined}>
          {submitLabel}
        </button>
      </div>
      <ul className="endorse-form-errors" role="alert" hidden={errors.length === 0}>
        {errors.map((m) => (
          <li key={m}>{m}</li>
        ))}
      </ul>
    </form>
  );
}
