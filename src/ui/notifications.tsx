'use client';
/**
 * Toast notifications and the global loading indicator (spec §9; store in src/lib/notify.ts).
 * Mounted once in the root layout (valtio store); renders nothing on the server and until hydrated, so the
 * server HTML never disagrees with a toast raised before hydration.
 *
 * - Each toast is its own fixed layer at the top right: z-index from the store (2000, 2001, …;
 *   errors 9999), stacked with 16 px between toasts (offsets measured after each render).
 * - Errors are `role="alert"`, the others `role="status"`; each has a labelled close button.
 *   Pointer over a toast or focus inside it pauses its 4500 ms countdown.
 * - The loading overlay is `role="status"` + `aria-busy`, with the translated 'Loading...'; when
 *   the last loading request ends it fades out over 400 ms.
 * - Texts come from the server in the page's language (`labels`).
 * valtio's vanilla store, read with `useSyncExternalStore` over its snapshots (no proxy tracking
 * needed for a list that is read whole).
 */
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { snapshot, subscribe } from 'valtio/vanilla';
import { closeToast, NOTIFY_GAP, notifyState, pauseToast, resumeToast, type NotifyType } from '~/lib/notify';

const ICONS: Record<NotifyType, ReactNode> = {
  success: <path d="M12 3a9 9 0 100 18 9 9 0 000-18z M8 12.5l2.8 2.8L16.5 9.5" />,
  error: <path d="M12 3a9 9 0 100 18 9 9 0 000-18z M9 9l6 6 M15 9l-6 6" />,
  warning: <path d="M12 3L2 20h20L12 3z M12 10v4 M12 17h.01" />,
  info: <path d="M12 3a9 9 0 100 18 9 9 0 000-18z M12 11v5 M12 8h.01" />,
};

function Glyph({ children, className }: { children: ReactNode; className: string }) {
  return (
    <svg className={className} width={20} height={20} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

/** The store's current snapshot (valtio keeps one immutable snapshot per version). */
const subscribeStore = (fn: () => void) => subscribe(notifyState, fn);
const readStore = () => snapshot(notifyState);

export interface NotificationsProps {
  /** The close button's label and the loading indicator's text, in the page's language. */
  labels: { close: string; loading: string };
}

export function Notifications({ labels: m }: NotificationsProps) {
  const snap = useSyncExternalStore(subscribeStore, readStore, readStore);
  const [mounted, setMounted] = useState(false);
  const refs = useRef(new Map<number, HTMLDivElement>());
  useEffect(() => setMounted(true), []);

  // Stack the toasts: first at 16 px from the top, each next one 16 px below the previous.
  useLayoutEffect(() => {
    const place = () => {
      let top = NOTIFY_GAP;
      for (const t of notifyState.toasts) {
        const el = refs.current.get(t.id);
        if (!el) continue;
        el.style.top = `${top}px`;
        top += el.offsetHeight + NOTIFY_GAP;
      }
    };
    place();
    window.addEventListener('resize', place);
    return () => window.removeEventListener('resize', place);
  });

  if (!mounted) return null;
  const { loading } = snap;

  return (
    <>
      {snap.toasts.map((t) => (
        // biome-ignore lint/a11y/noStaticElementInteractions: hover only pauses the toast's timer; it carries role alert/status set below
        <div
          key={t.id}
          ref={(el) => {
            if (el) refs.current.set(t.id, el);
            else refs.current.delete(t.id);
          }}
          className={`toast toast-${t.type}`}
          role={t.type === 'error' ? 'alert' : 'status'}
          aria-live={t.type === 'error' ? 'assertive' : 'polite'}
          aria-atomic="true"
          data-toast-id={t.id}
          style={{ zIndex: t.zIndex }}
          onMouseEnter={() => pauseToast(t.id)}
          onMouseLeave={() => resumeToast(t.id)}
          onFocus={() => pauseToast(t.id)}
          onBlur={(e) => {
            if (!e.currentTarget.contains(e.relatedTarget as Node | null)) resumeToast(t.id);
          }}
        >
          <Glyph className="toast-icon">{ICONS[t.type]}</Glyph>
          <p className="toast-message">{t.message}</p>
          <button type="button" className="toast-close" aria-label={m.close} title={m.close} onClick={() => closeToast(t.id)}>
            <Glyph className="toast-close-icon">
              <path d="M6 6l12 12 M18 6L6 18" />
            </Glyph>
          </button>
        </div>
      ))}
      {loading.visible ? (
        <div
          className={loading.leaving ? 'loading-mask is-leaving' : 'loading-mask'}
          role="status"
          aria-live="polite"
          aria-busy={loading.leaving ? 'false' : 'true'}
          style={{ zIndex: loading.zIndex }}
        >
          <div className="loading-box">
            <span className="loading-spinner" aria-hidden="true" />
            <span className="loading-text">{m.loading}</span>
          </div>
        </div>
      ) : null}
    </>
  );
}
