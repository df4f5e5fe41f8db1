/**
 * Sending the order form: the order is created once per form content, then paid from the balance
 * (Pay) or left unpaid (Save). Both requests carry ids of their own, so a retry after a lost answer
 * makes no second order or payment; the API's errors land on the field, the rows or the notice.
 */
import { useRef, useState } from 'react';
import { isApiError, request } from '~/lib/http';
import { errorsByRow } from '~/lib/insured-row-checks';

/** The message above the buttons; `link` leads to an order that was created but not paid. */
export interface OrderNotice {
  kind: 'info' | 'danger';
  text: string;
  link?: { href: string; label: string };
}

interface CreatedOrder {
  id: number;
  premium: string;
}

const newRequestId = () =>
  (globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`).replaceAll('-', '').slice(0, 32);

const detailUrl = (id: number) => `/user/order/groupDetail?id=${id}`;

/**
 * The order form's sending state and actions; `pay` and `save` take the order without its request
 * id. `onRowErrors` gets the API's insured-row errors by row number.
 */
export function useOrderSubmit(onRowErrors: (byRow: Map<number, string[]>) => void) {
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<OrderNotice | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const createId = useRef(newRequestId());
  const payId = useRef(newRequestId());
  const created = useRef<CreatedOrder | null>(null);

  /** Create once per form content (the request id changes when the member edits after an error). */
  const create = async (body: () => object): Promise<CreatedOrder | null> => {
    if (created.current) return created.current;
    try {
      const res = await request<{ order: CreatedOrder }>({
        url: '/userapi/v1/order/create',
        method: 'POST',
        data: { request_id: createId.current, ...body() },
        showErrorMessage: false,
        showCodeMessage: false,
        timeout: 60_000,
      });
      created.current = res.data.order;
      return res.data.order;
    } catch (err) {
      createId.current = newRequestId();
      if (isApiError(err) && err.envelope) {
        const data = (err.envelope.data ?? {}) as {
          field?: string;
          rows?: { row: number; field: string; message: string }[];
          errors?: Record<string, string>;
        };
        if (data.rows) onRowErrors(errorsByRow(data.rows));
        else if (data.field) setFieldErrors({ [data.field]: err.envelope.message });
        setNotice({ kind: 'danger', text: err.envelope.message });
      } else setNotice({ kind: 'danger', text: String((err as Error)?.message ?? err) });
      return null;
    }
  };

  /** Create (if not yet) and pay; a failed payment leaves a link to the unpaid order. */
  const pay = async (body: () => object) => {
    setBusy(true);
    try {
      const order = await create(body);
      if (!order) return;
      try {
        await request({
          url: '/userapi/v1/order/pay',
          method: 'POST',
          data: { id: order.id, request_id: payId.current },
          showErrorMessage: false,
          showCodeMessage: false,
          timeout: 60_000,
        });
        window.location.assign(detailUrl(order.id));
      } catch (err) {
        const msg = isApiError(err) && err.envelope ? err.envelope.message : String(err);
        setNotice({ kind: 'danger', text: msg, link: { href: detailUrl(order.id), label: `→ ${order.id}` } });
      }
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  /** Create without paying and show the order. */
  const save = async (body: () => object) => {
    setBusy(true);
    const order = await create(body);
    setBusy(false);
    if (order) window.location.assign(detailUrl(order.id));
  };

  return {
    fieldErrors,
    setFieldErrors,
    notice,
    setNotice,
    confirming,
    setConfirming,
    busy,
    pay,
    save,
    /** Another plan makes another order. */
    forget: () => {
      created.current = null;
    },
  };
}
