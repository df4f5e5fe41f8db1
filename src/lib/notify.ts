/**
 * Toast notifications and the global loading indicator, as a tiny valtio store.
 *
 * - `notify({type, message, duration?})` queues a toast; the Notifications island
 *   (src/ui/notifications.tsx, mounted once in the root layout) renders the stack.
 *   Timers live here, not in the island, so a toast expires even if nothing renders it and
 *   the rules are testable without React. Hovering or focusing a toast pauses its timer.
 * - `loading.open()` / `loading.close()` is a counter: the indicator shows with the first of
 *   overlapping openers and starts its 400 ms fade when the count returns to zero.
 *
 * Constants are spec §9: duration 4500 ms, 16 px spacing, base z-index 2000 (each new layer takes
 * the next number), error toasts at 9999, loading fade 400 ms.
 *
 * Plain module: safe to import from server code (it only touches timers when called).
 */
import { proxy, subscribe } from 'valtio/vanilla';

export type NotifyType = 'success' | 'error' | 'info' | 'warning';

export const NOTIFY_DURATION = 4500;
export const NOTIFY_GAP = 16;
export const BASE_Z_INDEX = 2000;
export const ERROR_Z_INDEX = 9999;
export const LOADING_FADE = 400;

export interface NotifyOptions {
  type?: NotifyType;
  message: string;
  /** Milliseconds before it closes by itself; 0 keeps it until closed. Default 4500. */
  duration?: number;
}

export interface Toast {
  id: number;
  type: NotifyType;
  message: string;
  duration: number;
  zIndex: number;
}

export interface LoadingState {
  /** Open requests (or other openers). */
  count: number;
  /** The indicator is in the DOM (also while fading out). */
  visible: boolean;
  /** Fading out (count is 0, removal after LOADING_FADE ms). */
  leaving: boolean;
  zIndex: number;
}

export const notifyState = proxy({
  toasts: [] as Toast[],
  loading: { count: 0, visible: false, leaving: false, zIndex: BASE_Z_INDEX } as LoadingState,
});

/** `fn` runs after every change, synchronously (tests, non-React code); returns the unsubscribe function. */
export function subscribeNotify(fn: () => void): () => void {
  return subscribe(notifyState, fn, true);
}

let zIndex = BASE_Z_INDEX;
/** The next stacking layer: 2000, 2001, … (shared by toasts and the loading overlay). */
export function nextZIndex(): number {
  return zIndex++;
}

let nextId = 1;
interface Timer {
  handle: ReturnType<typeof setTimeout> | null;
  deadline: number;
  remaining: number;
}
const timers = new Map<number, Timer>();

function startTimer(id: number, ms: number): void {
  const t: Timer = { handle: null, deadline: Date.now() + ms, remaining: ms };
  t.handle = setTimeout(() => closeToast(id), ms);
  timers.set(id, t);
}

/** Show a toast; returns its id (for `closeToast`). */
export function notify(options: NotifyOptions): number {
  const type = options.type ?? 'info';
  const duration = options.duration ?? NOTIFY_DURATION;
  const id = nextId++;
  const toast: Toast = {
    id,
    type,
    message: options.message,
    duration,
    zIndex: type === 'error' ? ERROR_Z_INDEX : nextZIndex(),
  };
  notifyState.toasts.push(toast);
  if (duration > 0) startTimer(id, duration);
  return id;
}

notify.success = (message: string, duration?: number) => notify({ type: 'success', message, duration });
notify.error = (message: string, duration?: number) => notify({ type: 'error', message, duration });
notify.info = (message: string, duration?: number) => notify({ type: 'info', message, duration });
notify.warning = (message: string, duration?: number) => notify({ type: 'warning', message, duration });

export function closeToast(id: number): void {
  const t = timers.get(id);
  if (t?.handle) clearTimeout(t.handle);
  timers.delete(id);
  const i = notifyState.toasts.findIndex((x) => x.id === id);
  if (i >= 0) notifyState.toasts.splice(i, 1);
}

/** Stop a toast's countdown (pointer over it, or focus inside it). */
export function pauseToast(id: number): void {
  const t = timers.get(id);
  if (!t?.handle) return;
  clearTimeout(t.handle);
  t.handle = null;
  t.remaining = Math.max(0, t.deadline - Date.now());
}

/** Resume a paused countdown with the time that was left. */
export function resumeToast(id: number): void {
  const t = timers.get(id);
  if (!t || t.handle) return;
  t.deadline = Date.now() + t.remaining;
  t.handle = setTimeout(() => closeToast(id), t.remaining);
}

let fadeTimer: ReturnType<typeof setTimeout> | null = null;

export const loading = {
  /** One more opener; the first one shows the indicator (and cancels a running fade-out). */
  open(): void {
    const s = notifyState.loading;
    s.count++;
    if (s.count !== 1) return;
    if (fadeTimer) {
      clearTimeout(fadeTimer);
      fadeTimer = null;
    }
    if (!s.visible) s.zIndex = nextZIndex();
    s.visible = true;
    s.leaving = false;
  },
  /** One opener fewer; at zero the indicator fades out over LOADING_FADE ms. */
  close(): void {
    const s = notifyState.loading;
    if (s.count === 0) return;
    s.count--;
    if (s.count !== 0) return;
    s.leaving = true;
    fadeTimer = setTimeout(() => {
      fadeTimer = null;
      s.visible = false;
      s.leaving = false;
    }, LOADING_FADE);
  },
  get count(): number {
    return notifyState.loading.count;
  },
};

/** Test helper: drop every toast, timer and loading state, and restart the z-index sequence. */
export function resetNotify(): void {
  for (const t of timers.values()) if (t.handle) clearTimeout(t.handle);
  timers.clear();
  if (fadeTimer) clearTimeout(fadeTimer);
  fadeTimer = null;
  notifyState.toasts.splice(0);
  Object.assign(notifyState.loading, { count: 0, visible: false, leaving: false, zIndex: BASE_Z_INDEX });
  zIndex = BASE_Z_INDEX;
}
