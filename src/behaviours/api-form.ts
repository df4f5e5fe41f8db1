/**
 * Behaviour `api-form` (markup: src/components/api-form.tsx): a form that posts its fields as
 * JSON to one endpoint and then loads the page again or goes to a URL (`{id}` becomes the new
 * record's id). Field errors from the API are listed under the form (and as the usual toast).
 * Used for every write of the endorsement and invoice pages. `extra` fields go along (the
 * draft's id…); a `request_id` of `"*"` becomes a fresh id once per form, so a retried click
 * stays idempotent.
 */
import { isApiError, request } from '~/lib/http';
import { busyButton } from '~/lib/islands/behaviours';
import { hardNavigate, refreshPage } from '~/lib/navigation/browser';

/** What the server put on the form. */
export interface ApiFormData {
  url: string;
  extra?: Record<string, unknown>;
  /** After success: go to this URL (`{id}` filled from the reply) instead of loading the page again. */
  then?: string;
  /** Confirm before sending (plain `confirm()`), e.g. before a debit. */
  confirmText?: string;
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

export function enhance(el: HTMLElement): () => void {
  const form = el as HTMLFormElement;
  const spec = JSON.parse(form.dataset.api || '{}') as ApiFormData;
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const list = form.querySelector<HTMLUListElement>('.endorse-form-errors');
  let requestId = freshId();
  const state = busyButton(submit);
  const showErrors = (messages: string[]) => {
    if (!list) return;
    list.replaceChildren(
      ...messages.map((m) => {
        const li = form.ownerDocument.createElement('li');
        li.textContent = m;
        return li;
      }),
    );
    list.hidden = messages.length === 0;
  };
  const onSubmit = async (e: SubmitEvent) => {
    e.preventDefault();
    if (state.busy) return;
    if (spec.confirmText && !window.confirm(spec.confirmText)) return;
    state.set(true);
    showErrors([]);
    const data: Record<string, unknown> = { ...formFields(form), ...spec.extra };
    if (data.request_id === '*') data.request_id = requestId;
    try {
      const res = await request<Record<string, { id?: number } | undefined>>({
        url: spec.url,
        method: 'POST',
        data,
        showSuccessMessage: true,
        loading: true,
      });
      const id = res.data?.endorsement?.id ?? res.data?.invoice?.id ?? '';
      requestId = freshId();
      if (spec.then) hardNavigate(spec.then.replace('{id}', String(id)));
      else await refreshPage();
    } catch (err) {
      if (isApiError(err)) {
        const d = err.data as { errors?: Record<string, string>; rows?: { row: number; message: string }[] } | null;
        const messages = [...Object.values(d?.errors ?? {}), ...(d?.rows ?? []).map((r) => `#${r.row}: ${r.message}`)];
        showErrors(messages.length ? messages : [err.message]);
      }
    } finally {
      state.set(false);
    }
  };
  const listener = (e: SubmitEvent) => void onSubmit(e);
  form.addEventListener('submit', listener);
  return () => form.removeEventListener('submit', listener);
}
