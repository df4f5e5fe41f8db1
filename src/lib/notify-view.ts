/**
 * Toasts and the global loading indicator on the page (spec §9; the store is src/lib/notify.ts).
 * Plain DOM, mounted once by the page script, so a page needs no UI library to show a message;
 * islands raise toasts through the same store.
 *
 * - Each toast is its own fixed layer at the top right: z-index from the store (2000, 2001, …;
 *   errors 9999), stacked with 16 px between toasts.
 * - Errors are `role="alert"`, the others `role="status"`; each has a labelled close button.
 *   Pointer over a toast or focus inside it pauses its 4500 ms countdown.
 * - The loading overlay is `role="status"` + `aria-busy`, with the translated 'Loading...'; when
 *   the last loading request ends it fades out over 400 ms (the store removes it).
 * - Texts follow `<html lang>`.
 */
import { requestMessages } from './http/messages';
import { closeToast, NOTIFY_GAP, notifyState, pauseToast, resumeToast, subscribeNotify, type NotifyType, type Toast } from './notify';

const ICONS: Record<NotifyType, string> = {
  success: 'M12 3a9 9 0 100 18 9 9 0 000-18z M8 12.5l2.8 2.8L16.5 9.5',
  error: 'M12 3a9 9 0 100 18 9 9 0 000-18z M9 9l6 6 M15 9l-6 6',
  warning: 'M12 3L2 20h20L12 3z M12 10v4 M12 17h.01',
  info: 'M12 3a9 9 0 100 18 9 9 0 000-18z M12 11v5 M12 8h.01',
};
const CLOSE_ICON = 'M6 6l12 12 M18 6L6 18';

const glyph = (className: string, d: string) =>
  `<svg class="${className}" width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="${d}"/></svg>`;

function toastElement(doc: Document, t: Toast, close: string): HTMLElement {
  const el = doc.createElement('div');
  el.className = `toast toast-${t.type}`;
  el.setAttribute('role', t.type === 'error' ? 'alert' : 'status');
  el.setAttribute('aria-live', t.type === 'error' ? 'assertive' : 'polite');
  el.setAttribute('aria-atomic', 'true');
  el.dataset.toastId = String(t.id);
  el.style.zIndex = String(t.zIndex);
  el.innerHTML = `${glyph('toast-icon', ICONS[t.type])}<p class="toast-message"></p><button type="button" class="toast-close">${glyph('toast-close-icon', CLOSE_ICON)}</button>`;
  (el.querySelector('.toast-message') as HTMLElement).textContent = t.message;
  const button = el.querySelector('button') as HTMLButtonElement;
  button.setAttribute('aria-label', close);
  button.title = close;
  button.addEventListener('click', () => closeToast(t.id));
  el.addEventListener('mouseenter', () => pauseToast(t.id));
  el.addEventListener('mouseleave', () => resumeToast(t.id));
  el.addEventListener('focusin', () => pauseToast(t.id));
  el.addEventListener('focusout', (e) => {
    if (!el.contains(e.relatedTarget as Node | null)) resumeToast(t.id);
  });
  return el;
}

/** Renders the store into `doc.body` from now on; returns the function that stops it. */
export function mountNotifications(doc: Document): () => void {
  const shown = new Map<number, HTMLElement>();
  let mask: HTMLElement | null = null;

  const render = () => {
    const m = requestMessages();
    const ids = new Set(notifyState.toasts.map((t) => t.id));
    for (const [id, el] of shown) {
      if (ids.has(id)) continue;
      el.remove();
      shown.delete(id);
    }
    let top = NOTIFY_GAP;
    for (const t of notifyState.toasts) {
      let el = shown.get(t.id);
      if (!el) {
        el = toastElement(doc, t, m.close);
        shown.set(t.id, el);
        doc.body.append(el);
      }
      el.style.top = `${top}px`;
      top += el.offsetHeight + NOTIFY_GAP;
    }

    const loading = notifyState.loading;
    if (!loading.visible) {
      mask?.remove();
      mask = null;
      return;
    }
    if (!mask) {
      mask = doc.createElement('div');
      mask.setAttribute('role', 'status');
      mask.setAttribute('aria-live', 'polite');
      mask.innerHTML =
        '<div class="loading-box"><span class="loading-spinner" aria-hidden="true"></span><span class="loading-text"></span></div>';
      (mask.querySelector('.loading-text') as HTMLElement).textContent = m.loading;
      doc.body.append(mask);
    }
    mask.className = loading.leaving ? 'loading-mask is-leaving' : 'loading-mask';
    mask.setAttribute('aria-busy', loading.leaving ? 'false' : 'true');
    mask.style.zIndex = String(loading.zIndex);
  };

  const unsubscribe = subscribeNotify(render);
  const onResize = () => render();
  doc.defaultView?.addEventListener('resize', onResize);
  render();
  return () => {
    unsubscribe();
    doc.defaultView?.removeEventListener('resize', onResize);
    for (const el of shown.values()) el.remove();
    mask?.remove();
  };
}
