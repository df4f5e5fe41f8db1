'use client';
/**
 * A form that posts its fields as JSON to one endorsement or invoice endpoint and then refreshes
 * the page or goes to a URL (`{id}` becomes the new record's id). Field errors from the API are
 * shown under the form (and as the usual toast). Used for create, add item, import, documents,
 * operators' decisions: every write of these pages. `extra` fields go along (the draft's id…);
 * a `request_id` of `"*"` becomes a fresh id once per form, so a retried click stays idempotent.
 */
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { isApiError, request } from '~/lib/http';
import { hardNavigate, refreshPage } from '~/lib/navigation/browser';

export interface EndorseFormProps {
  url: string;
  extra?: Record<string, unknown>;
  /** After success: refresh the page (default), or go to this URL (`{id}` filled from the reply). */
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
function fields(form: HTMLFormElement): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of new FormData(form).entries()) {
    if (typeof v !== 'string') continue;
    if (k in out) out[k] = ([] as unknown[]).concat(out[k], v);
    else out[k] = v;
  }
  return out;
}

export function EndorseForm({
  url,
  extra,
  then,
  submitLabel,
  submitClass = 'btn btn-primary',
  className = 'endorse-form',
  children,
  confirmText,
  ariaLabel,
}: EndorseFormProps) {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const requestId = useRef(`${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`);
  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    if (confirmText && !window.confirm(confirmText)) return;
    setBusy(true);
    setErrors([]);
    const data: Record<string, unknown> = { ...fields(e.currentTarget), ...extra };
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
      requestId.current = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
      if (then) hardNavigate(then.replace('{id}', String(id)));
      else await refreshPage();
    } catch (err) {
      if (isApiError(err)) {
        const d = err.data as { errors?: Record<string, string>; rows?: { row: number; message: string }[] } | null;
        const list = [...Object.values(d?.errors ?? {}), ...(d?.rows ?? []).map((r) => `#${r.row}: ${r.message}`)];
        setErrors(list.length ? list : [err.message]);
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className={className} onSubmit={onSubmit} aria-label={ariaLabel} noValidate>
      {children}
      <div className="endorse-form-actions">
        <button type="submit" className={submitClass} disabled={busy} aria-busy={busy || undefined}>
          {submitLabel}
        </button>
      </div>
      {errors.length ? (
        <ul className="endorse-form-errors" role="alert">
          {errors.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      ) : null}
    </form>
  );
}
