/**
 * Behaviour `api-button` (markup: src/components/api-button.tsx): a button that calls one API
 * endpoint through the HTTP helper and reports the outcome with toasts (success text, §8 error
 * texts, 401001 → login), then loads the page again when it says `data-refresh`.
 */
import { request } from '~/lib/http';
import { busyButton } from '~/lib/islands/behaviours';
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
  const state = busyButton(button as HTMLButtonElement);
  const onClick = async () => {
    if (state.busy) return;
    state.set(true);
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
      state.set(false);
    }
  };
  const listener = () => void onClick();
  button.addEventListener('click', listener);
  return () => button.removeEventListener('click', listener);
}
