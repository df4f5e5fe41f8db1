'use client';
/**
 * The buttons of one order (detail page): Pay from balance, Cancel, Surrender, each behind an
 * inline confirmation. Surrender asks for the last day of cover (default: the earliest allowed,
 * today, and why) and shows the server's quote for that day before the member confirms: the
 * refund, what the policy keeps, the balance after, open endorsements given back, per person.
 * The server checks the state again (409 with the current status) and pays once per request id.
 */
import './orders.css';
import { useEffect, useRef, useState } from 'react';
import type { OrderTexts } from '../texts';
import { formatDayText } from '~/lib/date-text';
import { fenDigits, formatMoney } from '~/lib/format';
import type { Locale } from '~/lib/types';
import { DateField } from '~/ui/date-field';
import { isApiError, request } from '~/lib/http';
import { refreshPage } from '~/lib/navigation/browser';
import { interpolate as fill } from '~/lib/interpolate';

export interface OrderActionsProps {
  id: number;
  actions: string[];
  premium: number;
  startDate: string;
  endDate: string;
  today: string;
  locale: Locale;
  o: Pick<OrderTexts, 'actions' | 'confirm'>;
  /** The confirmation open on arrival (the list's Pay link: `?ask=pay`), when that action is allowed. */
  ask?: string;
  /** The danger zone's buttons: outlined in the danger colour, confirmed with a danger button. */
  danger?: boolean;
}

/** GET /order/surrenderQuote, as the dialog reads it (yuan strings). */
interface SurrenderQuote {
  date: string;
  earliest: string;
  reason: 'notStarted' | 'inForce';
  refund: string;
  kept: string;
  balance_after: string;
  pending: { ref: string; amount: string }[];
  lines: { name: string; id_no: string; class: number; people: number; kept_days: number; refund: string }[];
}

type Action = 'pay' | 'cancel' | 'surrender';
const ACTIONS: readonly Action[] = ['pay', 'cancel', 'surrender'];

export function OrderActions({ id, actions, premium, startDate, endDate, today, locale, o, ask, danger = false }: OrderActionsProps) {
  const [asking, setAsking] = useState<null | Action>(
    ACTIONS.includes(ask as Action) && actions.includes(ask as string) ? (ask as Action) : null,
  );
  const [date, setDate] = useState(today);
  const [quote, setQuote] = useState<SurrenderQuote | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const payId = useRef((globalThis.crypto?.randomUUID?.() ?? `${Date.now()}${Math.random()}`).replaceAll('-', '').slice(0, 32));
  useEffect(() => {
    if (asking !== 'surrender') return;
    let live = true;
    setQuote(null);
    request<SurrenderQuote>({
      url: '/userapi/v1/order/surrenderQuote',
      method: 'GET',
      params: { id, date },
      showErrorMessage: false,
      showCodeMessage: false,
    })
      .then((r) => {
        if (live) {
          setQuote(r.data);
          setError(null);
        }
      })
      .catch((err) => {
        if (live) setError(isApiError(err) && err.envelope ? err.envelope.message : String(err));
      });
    return () => {
      live = false;
    };
  }, [asking, id, date]);
  const yuanText = (y: string) => formatMoney(y);
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
    pay: fill(o.confirm.pay, { amount: fenDigits(premium) }),
    cancel: o.confirm.cancel,
    surrender: o.confirm.surrender,
  };
  const shown = ACTIONS.filter((a) => actions.includes(a));
  if (!shown.length) return null;
  return (
    <div className="order-actions">
      {asking ? (
        <div className="order-confirm" role="dialog" aria-label={label[asking]}>
          <span>{question[asking]}</span>
          {asking === 'surrender' ? (
            <>
              <DateField
                id={`order-surrender-${id}`}
                name="date"
                locale={locale}
                aria-label={o.confirm.surrender}
                min={today}
                max={endDate}
                value={date}
                onChange={(day) => day && setDate(day)}
              />
              <div className="surrender-quote" aria-live="polite" data-surrender-quote>
                <p className="order-sub">
                  {today < startDate
                    ? fill(o.confirm.surrenderNotStarted, { start: formatDayText(startDate, locale) })
                    : fill(o.confirm.surrenderInForce, { today: formatDayText(today, locale) })}
                </p>
                {quote ? (
                  <>
                    <p data-surrender-ends>{fill(o.confirm.surrenderEnds, { date: quote.date })}</p>
                    <p>
                      <strong data-refund>
                        {fill(o.confirm.surrenderRefund, { amount: yuanText(quote.refund), after: yuanText(quote.balance_after) })}
                      </strong>
                    </p>
                    <p className="order-sub">{fill(o.confirm.surrenderKept, { kept: yuanText(quote.kept) })}</p>
                    {quote.pending.map((p) => (
                      <p key={p.ref} className="order-sub">
                        {fill(o.confirm.surrenderPending, { ref: p.ref, amount: yuanText(p.amount) })}
                      </p>
                    ))}
                    {quote.lines.length > 1 ? (
                      <details>
                        <summary>{fill(o.confirm.surrenderPeople, { n: quote.lines.length })}</summary>
                        <ul className="surrender-lines">
                          {quote.lines.map((l, i) => (
                            // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id of their own and never reorder
                            <li key={i}>
                              <span>
                                {l.name ||
                                  fill(l.people === 1 ? o.confirm.surrenderHeadcount_one : o.confirm.surrenderHeadcount, { n: l.people })}
                              </span>{' '}
                              <span className="nowrap">{l.id_no}</span>{' '}
                              <span className="nowrap">
                                {fill(o.confirm.surrenderLine, { days: l.kept_days, amount: yuanText(l.refund) })}
                              </span>
                            </li>
                          ))}
                        </ul>
                      </details>
                    ) : null}
                  </>
                ) : error ? null : (
                  <p className="order-sub">{o.confirm.surrenderLoading}</p>
                )}
              </div>
            </>
          ) : null}
          <button
            type="button"
            className={danger ? 'btn btn-danger btn-sm' : 'btn btn-primary btn-sm'}
            disabled={busy || (asking === 'surrender' && !quote)}
            aria-busy={busy || undefined}
            onClick={() => run(asking)}
            data-confirm={asking}
          >
            {asking === 'surrender' && quote ? fill(o.confirm.surrenderYes, { amount: yuanText(quote.refund) }) : o.confirm.yes}
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
            className={a === 'pay' ? 'btn btn-primary' : danger ? 'btn btn-ghost order-danger-btn' : 'btn btn-ghost'}
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
}

/** Reloads the page after `seconds` (an order in underwriting: the insurer answers soon). */
export function OrderRefresh({ seconds }: { seconds: number }) {
  useEffect(() => {
    const timer = setTimeout(() => void refreshPage(), seconds * 1000);
    return () => clearTimeout(timer);
  }, [seconds]);
  return null;
}
