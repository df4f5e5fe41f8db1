/**
 * Behaviour `api-button` (markup: src/components/api-button.tsx): a button that calls one API
 * endpoint through the HTTP helper and reports the outcome with toasts (success text, §8 error
 * texts, 401001 → login), then loads the page again when it says `data-refresh`.
 */
import { request } from '~/lib/http';
import { refreshPage } from '~/lib/navigation/browser';

/** What the server put on the button. */
export interface ApiButtonData {
  url: string;
  method: 'GET' | 'POST';
  successMessage?: string;
  body?: Record<string, unknown>;
  refresh?: boolean;
}

export function enhance(button: HTMLElement): () => void {
  const spec = JSON.parse(button.dataset.api || '{}') as ApiButtonData;
  let busy = false;
  const setBusy = (on: boolean) => {
    busy = on;
    (button as HTMLButtonElement).disabled = on;
    if (on) button.setAttribute('aria-busy', 'true');
    else button.removeAttribute('aria-busy');
  };
  const onClick = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await request({
        url: spec.url,
        method: spec.method,
        data: spec.body,
        showSuccessMessage: true,
        successMessage: spec.successMessage,
        loading: true,
      });
      if (spec.refresh) await refreshPage();
    } catch {
      // Already shown as a toast (or the page is going to the login screen).
    } finally {
      setBusy(false);
    }
  };
  const listener = () => void onClick();
  button.addEventListener('click', listener);
  return () => button.removeEventListener('click', listener);
}
