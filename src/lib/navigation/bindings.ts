/**
 * The navigation in flight and the hand-over of toasts to the next document. Module state: one
 * page, one runtime.
 */
import { notify, notifyState, type NotifyType } from '~/lib/notify';
import { resetProgress, startProgress } from './progress';

/** sessionStorage key of the toasts a page hands to the document that replaces it. */
export const CARRIED_TOASTS_KEY = 'portal:toasts';

let pendingTarget: string | null = null;

/**
 * The full page loads of the navigation runtime (links, `navigate()`, `refreshPage()`, the chunk
 * guard) all go through here: one seam, so tests can watch them instead of unloading happy-dom's
 * window.
 */
export const documentLoad = {
  assign(to: string): void {
    window.location.assign(to);
  },
  reload(): void {
    window.location.reload();
  },
};

/** The in-app navigation in flight, if any (a chunk failure reloads into it). */
export const currentNavigationTarget = () => pendingTarget;
/** Marks `to` as the navigation in flight (null when it ended). */
export function setPendingTarget(to: string | null): void {
  pendingTarget = to;
}

/**
 * Keeps the toasts on screen for the next document of this tab (a success message raised just
 * before the page reloads or moves on is still read); the page script shows them again there.
 */
export function carryToasts(storage: Pick<Storage, 'setItem'> | null = safeSession()): void {
  const toasts = notifyState.toasts.map((t) => ({ type: t.type, message: t.message }));
  if (!toasts.length || !storage) return;
  try {
    storage.setItem(CARRIED_TOASTS_KEY, JSON.stringify(toasts));
  } catch {
    // Storage full or refused: the toast is lost, nothing else.
  }
}

/** Shows the toasts the previous document handed over (once). */
export function restoreCarriedToasts(storage: Pick<Storage, 'getItem' | 'removeItem'> | null = safeSession()): void {
  if (!storage) return;
  let raw: string | null = null;
  try {
    raw = storage.getItem(CARRIED_TOASTS_KEY);
    storage.removeItem(CARRIED_TOASTS_KEY);
  } catch {
    return;
  }
  if (!raw) return;
  try {
    const list = JSON.parse(raw) as { type: NotifyType; message: string }[];
    for (const t of list.slice(0, 5)) if (typeof t?.message === 'string') notify({ type: t.type, message: t.message });
  } catch {
    // A damaged entry is dropped.
  }
}

function safeSession(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** Loads the current page again from the server after data changed (toasts carried over). */
export async function refreshPage(): Promise<void> {
  carryToasts();
  startProgress();
  documentLoad.reload();
}

/**
 * The bar and the navigation in flight last until the next document replaces this one. When the
 * browser shows this page again from its back-forward cache instead, or the navigation ended
 * without a new document, both are dropped.
 */
export function settleOnPageShow(win: Window): () => void {
  const onShow = (e: PageTransitionEvent) => {
    if (!e.persisted) return;
    resetProgress();
    setPendingTarget(null);
  };
  win.addEventListener('pageshow', onShow);
  return () => win.removeEventListener('pageshow', onShow);
}
