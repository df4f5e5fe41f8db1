'use client';
/** An operator edits one plan's details: names, sizes, ages, on sale (its prices are the price grid's). */
import './products.css';
import { useState } from 'react';
import type { OrderTexts } from '~/features/orders/texts';
import { isApiError, request } from '~/lib/http';

export interface PlanFormValues {
  id: number;
  name: string;
  name_en: string;
  min_insured: number;
  max_insured: number;
  age_min: number;
  age_max: number;
  status: number;
}

export function ProductPlanForm({ initial, o }: { initial: PlanFormValues; o: Pick<OrderTexts, 'operator' | 'form'> }) {
  const [v, setV] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const save = async () => {
    setBusy(true);
    setMessage(null);
    try {
      const res = await request({
        url: '/userapi/v1/operator/product/update',
        method: 'POST',
        data: v,
        showErrorMessage: false,
        showCodeMessage: false,
      });
      setMessage({ ok: true, text: res.message });
    } catch (err) {
      setMessage({ ok: false, text: isApiError(err) && err.envelope ? err.envelope.message : String(err) });
    } finally {
      setBusy(false);
    }
  };
  const num = (k: 'min_insured' | 'max_insured' | 'age_min' | 'age_max', label: string) => (
    <div className="field">
      <label htmlFor={`pp-${v.id}-${k}`}>{label}</label>
      <input
        id={`pp-${v.id}-${k}`}
        type="number"
        value={v[k]}
        onChange={(e) => setV({ ...v, [k]: Math.floor(Number(e.target.value) || 0) })}
      />
    </div>
  );
  return (
    <form
      className="plan-editor"
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <div className="field">
        <label htmlFor={`pp-${v.id}-name`}>{o.form.plan}</label>
        <input id={`pp-${v.id}-name`} value={v.name} onChange={(e) => setV({ ...v, name: e.target.value })} />
      </div>
      <div className="field">
        <label htmlFor={`pp-${v.id}-name_en`}>{o.operator.nameEn}</label>
        <input id={`pp-${v.id}-name_en`} value={v.name_en} onChange={(e) => setV({ ...v, name_en: e.target.value })} />
      </div>
      <div className="field">
        <label htmlFor={`pp-${v.id}-status`}>{o.operator.onSale}</label>
        <select id={`pp-${v.id}-status`} value={v.status} onChange={(e) => setV({ ...v, status: Number(e.target.value) })}>
          <option value={1}>{o.operator.onSale}</option>
          <option value={0}>{o.operator.offSale}</option>
        </select>
      </div>
      <div />
      {num('min_insured', `${o.operator.minMax} (min)`)}
      {num('max_insured', `${o.operator.minMax} (max)`)}
      {num('age_min', `${o.operator.ageRange} (min)`)}
      {num('age_max', `${o.operator.ageRange} (max)`)}
      <div className="order-decide" style={{ gridColumn: '1 / -1' }}>
        <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
          {o.operator.save}
        </button>
        {message ? (
          <span className={message.ok ? 'muted' : 'order-field-error'} role="status">
            {message.text}
          </span>
        ) : null}
      </div>
    </form>
  );
}
