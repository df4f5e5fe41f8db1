'use client';
/**
 * The click captcha (spec §7, §8; reference §4.4) as a modal dialog: the server's image, the prompt
 * "please click …" with the items in order, numbered markers where the member clicked (a marker
 * removes its click and the later ones), a refresh button. When every item is clicked it checks
 * the answer (`unset: false` by default: the protected action consumes it), shows the result, and
 * hands `{captchaId, captchaInfo}` to `onSuccess`; a wrong answer brings a fresh image.
 *
 * Keyboard: the image is one focusable control with a crosshair (shown by the first key): arrows
 * move it (Shift: fine steps), Enter or Space clicks there, Backspace takes back the last click.
 * One tab stop, exact positions at any rendered size, the same path to the server as a pointer.
 * Escape or the shade closes the dialog. An image captcha cannot serve blind members at all.
 */
import { type KeyboardEvent, type MouseEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { formatCaptchaInfo } from '../schemas';
import { isApiError, isCancel, request } from '~/lib/http';
import './captcha.css';

export interface ClickCaptchaText {
  title: string;
  prompt: string;
  refresh: string;
  close: string;
  loading: string;
  loadFailed: string;
  failed: string;
  success: string;
  imageLabel: string;
  keyboardHint: string;
  removeClick: string; // `{n}`: the click's number
}

export interface ClickCaptchaResult {
  captchaId: string;
  captchaInfo: string;
}

export interface ClickCaptchaProps {
  text: ClickCaptchaText;
  onSuccess: (result: ClickCaptchaResult) => void;
  onClose: () => void;
  /** Consume the captcha when checking (default false: the action it protects consumes it). */
  unset?: boolean;
  /** Milliseconds the success message shows before `onSuccess` (default 1000). */
  successDelay?: number;
  /** Milliseconds the failure message shows before a fresh image (default 1500). */
  retryDelay?: number;
  apiBase?: string;
}

interface Issued {
  id: string;
  text: string[];
  base64: string;
  width: number;
  height: number;
}

type Status = 'loading' | 'ready' | 'checking' | 'failed' | 'success' | 'error';
/** A click as a fraction of the rendered image (so a resize keeps markers in place). */
interface Point {
  fx: number;
  fy: number;
}

const clamp = (n: number) => Math.min(1, Math.max(0, n));
/** Errors show inside the dialog, not as toasts. */
const QUIET = { showErrorMessage: false, showCodeMessage: false } as const;
const ARROWS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

export function ClickCaptcha({
  text,
  onSuccess,
  onClose,
  unset = false,
  successDelay = 1000,
  retryDelay = 1500,
  apiBase = '/userapi/v1',
}: ClickCaptchaProps) {
  const uid = useId();
  const [id] = useState(() => crypto.randomUUID());
  const [data, setData] = useState<Issued | null>(null);
  const [status, setStatus] = useState<Status>('loading');
  const [message, setMessage] = useState('');
  const [clicks, setClicks] = useState<Point[]>([]);
  const [cursor, setCursor] = useState<Point | null>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const imageRef = useRef<HTMLImageElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const load = useCallback(async () => {
    clearTimeout(timer.current);
    setStatus('loading');
    setMessage('');
    setClicks([]);
    try {
      const res = await request<Issued>({ url: `${apiBase}/index/clickCaptcha`, params: { id }, ...QUIET });
      setData(res.data);
      setStatus('ready');
    } catch (err) {
      if (isCancel(err)) return;
      setStatus('error');
      setMessage(isApiError(err) && err.status === 429 && err.message ? err.message : text.loadFailed);
    }
  }, [apiBase, id, text.loadFailed]);

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    dialogRef.current?.focus();
    void load();
    return () => {
      clearTimeout(timer.current);
      opener?.focus?.();
    };
  }, [load]);

  const check = async (points: Point[]) => {
    if (!data) return;
    const rect = imageRef.current?.getBoundingClientRect();
    // The size the image is shown at (its natural size when the browser reports none).
    const [w, h] = rect?.width && rect.height ? [rect.width, rect.height] : [data.width, data.height];
    const info = formatCaptchaInfo(
      points.map((p) => ({ x: p.fx * w, y: p.fy * h })),
      w,
      h,
    );
    setStatus('checking');
    try {
      const res = await request({ url: `${apiBase}/index/checkClickCaptcha`, method: 'POST', data: { id, info, unset }, ...QUIET });
      setStatus('success');
      setMessage(res.message || text.success);
      timer.current = setTimeout(() => onSuccess({ captchaId: id, captchaInfo: info }), successDelay);
    } catch (err) {
      if (isCancel(err)) return;
      setStatus('failed');
      setMessage(isApiError(err) && err.message ? err.message : text.failed);
      timer.current = setTimeout(() => void load(), retryDelay);
    }
  };

  const add = (p: Point) => {
    if (status !== 'ready' || !data || clicks.length >= data.text.length) return;
    const next = [...clicks, { fx: clamp(p.fx), fy: clamp(p.fy) }];
    setClicks(next);
    if (next.length === data.text.length) void check(next);
  };

  const onImageClick = (e: MouseEvent<HTMLDivElement>) => {
    const rect = imageRef.current?.getBoundingClientRect();
    if (!rect?.width || !rect.height) return;
    add({ fx: (e.clientX - rect.left) / rect.width, fy: (e.clientY - rect.top) / rect.height });
  };

  const onImageKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const at = cursor ?? { fx: 0.5, fy: 0.5 };
    const step = e.shiftKey ? 0.01 : 0.04;
    const move = ARROWS[e.key];
    if (move) {
      e.preventDefault();
      setCursor({ fx: clamp(at.fx + move[0] * step), fy: clamp(at.fy + move[1] * step) });
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      // The first press only shows the crosshair (in the middle); later ones click where it is.
      if (cursor) add(at);
      setCursor(at);
    } else if (e.key === 'Backspace' || e.key === 'Delete') {
      e.preventDefault();
      if (status === 'ready') setClicks((list) => list.slice(0, -1));
    }
  };

  const onDialogKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onClose();
    } else if (e.key === 'Tab') {
      // Keep focus inside the modal.
      const focusable = [
        ...(dialogRef.current?.querySelectorAll<HTMLElement>('button:not([tabindex="-1"]):not(:disabled), [tabindex="0"]') ?? []),
      ];
      if (!focusable.length) return;
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (e.shiftKey && (document.activeElement === first || document.activeElement === dialogRef.current)) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first.focus();
      }
    }
  };

  const pct = (n: number) => `${(n * 100).toFixed(2)}%`;
  const busy = status === 'loading' || status === 'checking';
  const tone =
    status === 'success' ? 'captcha-msg is-success' : status === 'failed' || status === 'error' ? 'captcha-msg is-error' : 'captcha-msg';
  return (
    <div className="captcha-layer">
      {/* The shade is a pointer shortcut for the close button; keyboard users have Escape and the button. */}
      <div className="captcha-shade" aria-hidden="true" onClick={onClose} />
      <div
        ref={dialogRef}
        className="captcha-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${uid}-title`}
        tabIndex={-1}
        onKeyDown={onDialogKey}
      >
        <div className="captcha-head">
          <h2 id={`${uid}-title`} className="captcha-title">
            {text.title}
          </h2>
          <button
            type="button"
            className="captcha-icon-btn"
            onClick={() => void load()}
            disabled={status === 'checking'}
            aria-label={text.refresh}
            title={text.refresh}
          >
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
              <path d="M20 11a8 8 0 10-2.3 5.7M20 4v7h-7" />
            </svg>
          </button>
          <button type="button" className="captcha-icon-btn" onClick={onClose} aria-label={text.close} title={text.close}>
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </div>
        <p className="captcha-prompt">
          {text.prompt}
          {data && status !== 'error'
            ? data.text.map((item, i) => (
                <span key={item} className={i < clicks.length ? 'captcha-item is-done' : 'captcha-item'}>
                  {item}
                </span>
              ))
            : null}
        </p>
        <div
          className="captcha-stage"
          role="application"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: role=application is a pointer-position control with its own keys (arrows, Enter, Backspace) and must take focus
          tabIndex={0}
          aria-label={text.imageLabel}
          aria-describedby={`${uid}-hint`}
          aria-busy={busy || undefined}
          onClick={onImageClick}
          onKeyDown={onImageKey}
          onPointerDown={() => setCursor(null)}
          onBlur={() => setCursor(null)}
        >
          {data && status !== 'error' ? (
            <img
              ref={imageRef}
              className="captcha-image"
              src={data.base64}
              width={data.width}
              height={data.height}
              alt=""
              draggable={false}
            />
          ) : (
            <div className="captcha-placeholder" />
          )}
          {clicks.map((p, i) => (
            <button
              type="button"
              // biome-ignore lint/suspicious/noArrayIndexKey: a click is its position in the order
              key={i}
              className="captcha-marker"
              style={{ left: pct(p.fx), top: pct(p.fy) }}
              tabIndex={-1}
              aria-label={text.removeClick.replace('{n}', String(i + 1))}
              onClick={(e) => {
                e.stopPropagation();
                if (status === 'ready') setClicks((list) => list.slice(0, i));
              }}
            >
              {i + 1}
            </button>
          ))}
          {cursor && status === 'ready' ? (
            <span className="captcha-cursor" style={{ left: pct(cursor.fx), top: pct(cursor.fy) }} aria-hidden="true" />
          ) : null}
        </div>
        <p id={`${uid}-hint`} className="captcha-hint">
          {text.keyboardHint}
        </p>
        <p className={tone} role={status === 'failed' || status === 'error' ? 'alert' : 'status'}>
          {status === 'loading' ? text.loading : message}
        </p>
      </div>
    </div>
  );
}
