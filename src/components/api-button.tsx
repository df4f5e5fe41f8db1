/**
 * A button that calls one API endpoint and reports the outcome with toasts; the `api-button`
 * behaviour (src/behaviours/api-button.ts) does the calling. For permission-guarded actions such
 * as Export: render it only when the rule allows it; the API refuses it anyway (403) when not.
 *
 *   <ApiButton url="/userapi/v1/order/export" label={t('export')} successMessage={t('exported')} />
 */
import type { ApiButtonData } from '~/behaviours/api-button';

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
  /** Load the current page again after success (e.g. a list that changed). */
  refresh?: boolean;
}

export function ApiButton({
  url,
  method = 'GET',
  label,
  successMessage,
  className = 'btn btn-ghost',
  refresh,
  data,
  ariaLabel,
}: ApiButtonProps) {
  const spec: ApiButtonData = { url, method, successMessage, body: data, refresh };
  return (
    <button type="button" className={className} aria-label={ariaLabel} data-behaviour="api-button" data-api={JSON.stringify(spec)}>
      {label}
    </button>
  );
}
