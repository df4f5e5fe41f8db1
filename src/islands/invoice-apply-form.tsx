'use client';
/**
 * The invoice application form: invoiceable sources as checkboxes with a running total, the title
 * (company: the unified social credit code checked as it is typed, GB 32100; special invoices ask
 * for address, phone, bank and account; personal titles take normal invoices only), the e-mail.
 * Posts to /userapi/v1/invoice/apply; the API enforces the same schema.
 */
import { type FormEvent, useMemo, useRef, useState } from 'react';
import { isCreditCode } from '~/lib/credit-code';
import { isApiError, request } from '~/lib/http';
import { refreshPage } from '~/lib/navigation/browser';
import '../styles/endorse.css';

export interface InvoiceSourceOption {
  type: 'order' | 'endorse';
  id: number;
  label: string;
  /** Yuan string. */
  amount: string;
}

export interface InvoiceApplyFormProps {
  sources: InvoiceSourceOption[];
  text: Record<string, string>;
  defaults?: { title?: string; taxpayer_id?: string; email?: string };
}

const toFen = (yuan: string) => Math.round(Number(yuan) * 100);
const yuan = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;

export function InvoiceApplyForm({ sources, text, defaults = {} }: InvoiceApplyFormProps) {
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [kind, setKind] = useState<'normal' | 'special'>('normal');
  const [titleType, setTitleType] = useState<'company' | 'personal'>('company');
  const [code, setCode] = useState(defaults.taxpayer_id ?? '');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const requestId = useRef(`${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`);
  const total = useMemo(
    () => sources.filter((s) => picked.has(`${s.type}:${s.id}`)).reduce((n, s) => n + toFen(s.amount), 0),
    [picked, sources],
  );
  const codeBad = titleType === 'company' && code.trim() !== '' && !isCreditCode(code);
  const toggle = (key: string) =>
    setPicked((prev) => {
      const next = new Set(prev);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    const f = new FormData(e.currentTarget);
    const data = {
      request_id: requestId.current,
      sources: [...picked].map((k) => {
        const [type, id] = k.split(':');
        return { type, id: Number(id) };
      }),
      kind: titleType === 'personal' ? 'normal' : kind,
      title_type: titleType,
      title: String(f.get('title') ?? ''),
      taxpayer_id: titleType === 'company' ? code : '',
      address: String(f.get('address') ?? ''),
      phone: String(f.get('phone') ?? ''),
      bank: String(f.get('bank') ?? ''),
      account: String(f.get('account') ?? ''),
      email: String(f.get('email') ?? ''),
    };
    setBusy(true);
    setErrors({});
    try {
      await request({ url: '/userapi/v1/invoice/apply', method: 'POST', data, showSuccessMessage: true, loading: true });
      requestId.current = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
      await refreshPage();
    } catch (err) {
      if (isApiError(err)) {
        const d = err.data as { errors?: Record<string, string> } | null;
        setErrors(d?.errors ?? { _: err.message });
      }
    } finally {
      setBusy(false);
    }
  };
  const err = (k: string) =>
    errors[k] ? (
      <span className="field-error" role="alert">
        {errors[k]}
      </span>
    ) : null;
  return (
    <form className="card invoice-apply" onSubmit={onSubmit} noValidate aria-label={text.form}>
      <fieldset className="invoice-sources">
        <legend>{text.sources}</legend>
        {sources.length === 0 ? <p className="muted">{text.none}</p> : null}
        {sources.map((s) => {
          const key = `${s.type}:${s.id}`;
          return (
            <label key={key} className="invoice-source">
              <input type="checkbox" name="source" value={key} checked={picked.has(key)} onChange={() => toggle(key)} />
              <span>{s.label}</span>
              <span className="num">¥{s.amount}</span>
            </label>
          );
        })}
        <p className="invoice-total" aria-live="polite">
          {text.total}: <strong data-total>¥{yuan(total)}</strong>
        </p>
        {err('sources')}
      </fieldset>
      <div className="invoice-fields">
        <div className="field">
          <span className="label">{text.titleType}</span>
          <div className="radio-row">
            <label>
              <input
                type="radio"
                name="title_type"
                value="company"
                checked={titleType === 'company'}
                onChange={() => setTitleType('company')}
              />{' '}
              {text.company}
            </label>
            <label>
              <input
                type="radio"
                name="title_type"
                value="personal"
                checked={titleType === 'personal'}
                onChange={() => setTitleType('personal')}
              />{' '}
              {text.personal}
            </label>
          </div>
        </div>
        <div className="field">
          <label htmlFor="inv-kind">{text.kind}</label>
          <select
            id="inv-kind"
            name="kind"
            value={titleType === 'personal' ? 'normal' : kind}
            disabled={titleType === 'personal'}
            onChange={(e) => setKind(e.target.value as 'normal' | 'special')}
          >
            <option value="normal">{text.normal}</option>
            <option value="special">{text.special}</option>
          </select>
          {err('kind')}
        </div>
        <div className="field">
          <label htmlFor="inv-title">{text.invTitle}</label>
          <input id="inv-title" name="title" maxLength={100} defaultValue={defaults.title} required />
          {err('title')}
        </div>
        {titleType === 'company' ? (
          <div className="field">
            <label htmlFor="inv-code">{text.taxpayer}</label>
            <input
              id="inv-code"
              name="taxpayer_id"
              maxLength={18}
              value={code}
              onChange={(e) => setCode(e.target.value.toUpperCase())}
              aria-invalid={codeBad || undefined}
              autoComplete="off"
            />
            {codeBad && !errors.taxpayer_id ? <span className="field-error">{text.codeBad}</span> : null}
            {err('taxpayer_id')}
          </div>
        ) : null}
        {titleType === 'company' && kind === 'special'
          ? (['address', 'phone', 'bank', 'account'] as const).map((k) => (
              <div className="field" key={k}>
                <label htmlFor={`inv-${k}`}>{text[k]}</label>
                <input id={`inv-${k}`} name={k} maxLength={k === 'address' ? 200 : 100} />
                {err(k)}
              </div>
            ))
          : null}
        <div className="field">
          <label htmlFor="inv-email">{text.email}</label>
          <input id="inv-email" name="email" type="email" maxLength={100} defaultValue={defaults.email} />
          {err('email')}
        </div>
        {err('_')}
      </div>
      <div className="endorse-form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy || picked.size === 0} aria-busy={busy || undefined}>
          {text.apply}
        </button>
      </div>
    </form>
  );
}
