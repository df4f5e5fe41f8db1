'use client';
/**
 * The buttons of one order (detail page): Pay from balance, Cancel, Surrender, each behind an
 * inline confirmation; Surrender asks for the last day of cover and shows the refund it gives.
 * The server checks the state again (409 with the current status) and pays once per request id.
 */
import '../components/order-page.css';
import { useEffect, useRef, useState } from 'react';
import type { OrderTexts } from '~/components/order-text';
import { formatMoney } from '~/lib/format';
import { isApiError, request } from '~/lib/http';
import { fenToYuan } from '~/lib/money';
import { island } from '~/lib/islands/island';
import { refreshPage } from '~/lib/navigation/browser';
import { interpolate as fill } from '~/lib/interpolate';

export interface OrderActionsProps {
  id: number;
  actions: string[];
  premium: number;
  startDate: string;
  endDate: string;
  today: string;
  o: Pick<OrderTexts, 'actions' | 'confirm'>;
}

const day = (d: string) => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10))) / 86_400_000;

export const OrderActions = island(
  'order-actions/OrderActions',
  function OrderActions({ id, actions, premium, startDate, endDate, today, o }: OrderActionsProps) {
    const [asking, setAsking] = useState<null | 'pay' | 'cancel' | 'surrender'>(null);
    const [date, setDate] = useState(today > startDate ? today : startDate);
    const [busy, setBusy] = useState(false);
    const [error, setError] = useState<string | null>(null);
    const payId = useRef((globalThis.crypto?.randomUUID?.() ?? `${Date.now()}${Math.random()}`).replaceAll('-', '').slice(0, 32));
    const refund = () => {
      const total = day(endDate) - day(startDate) + 1;
      const last = date < startDate ? day(startDate) - 1 : day(date);
      return Math.floor((premium * Math.max(0, day(endDate) - last)) / total);
    };
    const run = async (what: 'pay' | 'cancel' | 'surrender') => {
      setBusy(true);
      setError(null);
      const data = what === 'pay' ? { id, request_id: payId.current } : what === 'surrender' ? { id, date } : { id };
      try {
        await request({
          url: `/userapi/v1/order/${what}`,
          method: 'POST',
          data,
          showErrorMessage: false,
          showCodeMessage: false,
          showSuccessMessage: true,
          timeout: 60_000,
        });
        await refreshPage();
      } catch (err) {
        setError(isApiError(err) && err.envelope ? err.envelope.message : String(err));
        setBusy(false);
      }
    };
    const label = { pay: o.actions.pay, cancel: o.actions.cancel, surrender: o.actions.surrender };
    const question = {
      pay: fill(o.confirm.pay, { amount: formatMoney(fenToYuan(premium)) }),
      cancel: o.confirm.cancel,
      surrender: o.confirm.surrender,
    };
    const shown = (['pay', 'cancel', 'surrender'] as const).filter((a) => actions.includes(a));
    if (!shown.length) return null;
    return (
      <div className="order-actions">
        {asking ? (
          <div className="order-confirm" role="dialog" aria-label={label[asking]}>
            <span>{question[asking]}</span>
            {asking === 'surrender' ? (
              <>
                <input
                  type="date"
                  aria-label={o.confirm.surrender}
                  min={today}
                  max={endDate}
                  value={date}
                  onChange={(e) => setDate(e.target.value)}
                />
                <span>{fill(o.confirm.surrenderRefund, { amount: formatMoney(fenToYuan(refund())) })}</span>
              </>
            ) : null}
            <button
              type="button"
              className="btn btn-primary btn-sm"
              disabled={busy}
              aria-busy={busy || undefined}
              onClick={() => run(asking)}
            >
              {o.confirm.yes}
            </button>
            <button type="button" className="btn btn-ghost btn-sm" disabled={busy} onClick={() => setAsking(null)}>
              {o.confirm.no}
            </button>
          </div>
        ) : (
          shown.map((a) => (
            <button
              key={a}
              type="button"
              className={a === 'pay' ? 'btn btn-primary' : 'btn btn-ghost'}
              onClick={() => setAsking(a)}
              data-action={a}
            >
              {label[a]}
            </button>
          ))
        )}
        {error ? (
          <p className="order-field-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    );
  },
);

/** Reloads the page after `seconds` (an order in underwriting: the insurer answers soon). */
export const OrderRefresh = island('order-actions/OrderRefresh', function OrderRefresh({ seconds }: { seconds: number }) {
  useEffect(() => {
    const timer = setTimeout(() => void refreshPage(), seconds * 1000);
    return () => clearTimeout(timer);
  }, [seconds]);
  return null;
});
