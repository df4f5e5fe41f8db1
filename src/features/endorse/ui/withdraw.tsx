'use client';
/**
 * The member's undo window on a submitted endorsement (issue #31): how long it stays open (a live
 * countdown to the sandbox insurer's answer, or "until the insurer's staff act"), and Withdraw
 * behind an inline confirmation that states the refund. When the countdown ends the page is
 * rendered again (the insurer has answered: the action is gone). The server decides: a withdrawal
 * that comes too late answers 409 naming the status, shown here.
 */
import './endorse.css';
import { useEffect, useRef, useState } from 'react';
import { formatMoney } from '~/lib/format';
import { isApiError, request } from '~/lib/http';
import { interpolate as fill } from '~/lib/interpolate';
import { refreshPage } from '~/lib/navigation/browser';

export interface WithdrawWords {
  action: string;
  countdown: string;
  answering: string;
  manual: string;
  confirm: string;
  confirmFree: string;
  yes: string;
  keep: string;
}

export interface WithdrawActionProps {
  id: number;
  applyNo: string;
  /** What goes back to the balance, in yuan (`"1280.50"`). */
  refund: string;
  /** Seconds until the sandbox insurer answers (from the server's clock), or null: an operator decides. */
  secondsLeft: number | null;
  words: WithdrawWords;
  /** Open the confirmation on arrival (the list's Withdraw link: `?ask=withdraw`). */
  ask?: boolean;
}

/** `m:ss` (or `h:mm:ss`) of a number of seconds. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

export function WithdrawAction({ id, applyNo, refund, secondsLeft, words, ask = false }: WithdrawActionProps) {
  const [asking, setAsking] = useState(ask);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [left, setLeft] = useState(secondsLeft);
  const started = useRef(Date.now());
  useEffect(() => {
    if (secondsLeft === null) return;
    started.current = Date.now();
    let refreshed = false;
    const tick = () => {
      const now = secondsLeft - (Date.now() - started.current) / 1000;
      setLeft(now);
      // The insurer's answer is due: render the page again a moment later (the read decides it).
      if (now <= -1 && !refreshed) {
        refreshed = true;
        void refreshPage();
      }
    };
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [secondsLeft]);
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      await request({
        url: '/userapi/v1/endorse/withdraw',
        method: 'POST',
        data: { id },
        showErrorMessage: false,
        showCodeMessage: false,
        showSuccessMessage: true,
      });
      await refreshPage();
    } catch (err) {
      setError(isApiError(err) && err.envelope ? err.envelope.message : String(err));
      setBusy(false);
    }
  };
  const window = left === null ? words.manual : left > 0 ? fill(words.countdown, { time: clock(left) }) : words.answering;
  const question =
    Number(refund) > 0
      ? fill(words.confirm, { apply_no: applyNo, amount: `¥${formatMoney(refund)}` })
      : fill(words.confirmFree, { apply_no: applyNo });
  return (
    <div className="endorse-withdraw" data-withdraw={left === null ? 'manual' : 'countdown'}>
      <p className="endorse-withdraw-window" data-withdraw-window>
        {window}
      </p>
      {asking ? (
        <div className="endorse-confirm" role="dialog" aria-label={words.action}>
          <span data-withdraw-question>{question}</span>
          <span className="endorse-confirm-actions">
            <button type="button" className="btn btn-danger" disabled={busy} aria-busy={busy || undefined} onClick={run}>
              {words.yes}
            </button>
            <button
              type="button"
              className="btn btn-ghost"
              disabled={busy}
              onClick={() => {
                setAsking(false);
                setError(null);
              }}
            >
              {words.keep}
            </button>
          </span>
        </div>
      ) : (
        <button type="button" className="btn btn-ghost endorse-withdraw-btn" data-action="withdraw" onClick={() => setAsking(true)}>
          {words.action}
        </button>
      )}
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
