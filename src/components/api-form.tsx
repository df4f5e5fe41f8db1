/**
 * A form whose fields are server markup (and may hold islands) and whose submit posts them as
 * JSON to one endpoint: the `api-form` behaviour (src/behaviours/api-form.ts) does the posting,
 * lists field errors and loads the page again or goes on. Every write of the endorsement and
 * invoice pages uses it.
 */
import type { ReactNode } from 'react';
import type { ApiFormData } from '~/behaviours/api-form';

export interface ApiFormProps {
  url: string;
  extra?: Record<string, unknown>;
  /** After success: load the page again (default), or go to this URL (`{id}` filled from the reply). */
  then?: string;
  submitLabel: string;
  submitClass?: string;
  className?: string;
  children?: ReactNode;
  /** Confirm before sending (plain `confirm()`), e.g. before a debit. */
  confirmText?: string;
  ariaLabel?: string;
}

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
  const spec: ApiFormData = { url, extra, then, confirmText };
  return (
    <form className={className} aria-label={ariaLabel} noValidate data-behaviour="api-form" data-api={JSON.stringify(spec)}>
      {children}
      <div className="endorse-form-actions">
        <button type="submit" className={submitClass}>
          {submitLabel}
        </button>
      </div>
      <ul className="endorse-form-errors" role="alert" hidden />
    </form>
  );
}
