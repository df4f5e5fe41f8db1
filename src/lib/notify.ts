/**
 * Toast notifications and the global loading indicator, as a tiny store: `notifyState` holds
 * immutable values (each change replaces `toasts` or `loading`) and `subscribeNotify` tells the
 * view. Plain code instead of valtio keeps ~2 kB gzip of proxy machinery off every page (#15).
 *
 * - `notify({type, message, duration?})` queues a toast; the page script's view
 *   (src/lib/notify-view.ts, plain DOM) renders the stack, for islands and behaviours alike.
 *   Timers live here, not in the view, so a toast expires even if nothing renders it and the
 *   rules are testable without a DOM. Hovering or focusing a toast pauses its timer.
 * - `loading.open()` / `loading.close()` is a counter: the indicator shows with the first of
 *   overlapping openers and starts its 400 ms fade when the count returns to zero.
 *
 * Constants are spec §9: duration 4500 ms, 16 px spacing, base z-index 2000 (each new layer takes
 * the next number), error toasts at 9999, loading fade 400 ms.
 *
 * Plain module: safe to import from server code (it only touches timers when called).
 */
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

const IDLE: LoadingState = { count: 0, visible: false, leaving: false, zIndex: BASE_Z_INDEX };

/** Current values; read-only outside this module (changes go through the functions below). */
export const notifyState: { readonly toasts: readonly Toast[]; readonly loading: Readonly<LoadingState> } = {
  toasts: [],
  loading: IDLE,
};
const state = notifyState as { toasts: readonly Toast[]; loading: LoadingState };

const listeners = new Set<() => void>();
/** For `useSyncExternalStore`: `fn` runs after every change; returns the unsubscribe function. */
export function subscribeNotify(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}
function setToasts(toasts: readonly Toast[]): void {
  state.toasts = toasts;
  for (const fn of listeners) fn();
}
function setLoading(patch: Partial<LoadingState>): void {
  state.loading = { ...state.loading, ...patch };
  for (const fn of listeners) fn();
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
  setToasts([...state.toasts, toast]);
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
  if (state.toasts.some((x) => x.id === id)) setToasts(state.toasts.filter((x) => x.id !== id));
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
    const s = state.loading;
    if (s.count !== 0) {
      setLoading({ count: s.count + 1 });
      return;
    }
    if (fadeTimer) {
      clearTimeout(fadeTimer);
      fadeTimer = null;
    }
    setLoading({ count: 1, visible: true, leaving: false, zIndex: s.visible ? s.zIndex : nextZIndex() });
  },
  /** One opener fewer; at zero the indicator fades out over LOADING_FADE ms. */
  close(): void {
    const { count } = state.loading;
    if (count === 0) return;
    if (count > 1) {
      setLoading({ count: count - 1 });
      return;
    }
    setLoading({ count: 0, leaving: true });
    fadeTimer = setTimeout(() => {
      fadeTimer = null;
      setLoading({ visible: false, leaving: false });
    }, LOADING_FADE);
  },
  get count(): number {
    return state.loading.count;
  },
};

/** Test helper: drop every toast, timer and loading state, and restart the z-index sequence. */
export function resetNotify(): void {
  for (const t of timers.values()) if (t.handle) clearTimeout(t.handle);
  timers.clear();
  if (fadeTimer) clearTimeout(fadeTimer);
  fadeTimer = null;
  setToasts([]);
  setLoading(IDLE);
  zIndex = BASE_Z_INDEX;
}
