'use client';
/**
 * The invoice application form: the sources (paid policies and endorsement charges, with paid,
 * refunded and invoiceable amounts) as a table whose invoiceable rows have checkboxes and a running
 * total (`readOnly`: the table alone, for members without `order/invoiceApply/add`), the title
 * (company: the unified social credit code checked as it is typed, GB 32100; special invoices ask
 * for address, phone, bank and account; personal titles take normal invoices only), the e-mail.
 * Posts to /userapi/v1/invoice/apply; the API enforces the same schema.
 */
import { type FormEvent, useMemo, useRef, useState } from 'react';
import { isCreditCode } from '~/lib/credit-code';
import { fen, yuan } from '~/lib/format';
import { isApiError, request } from '~/lib/http';
import { refreshPage } from '~/lib/navigation/browser';
import './invoices.css';

export interface InvoiceSourceOption {
  type: 'order' | 'endorse';
  id: number;
  /** "Policy" or "Endorsement". */
  kind: string;
  refNo: string;
  /** Yuan strings. */
  paid: string;
  refunded: string;
  amount: string;
}

export interface InvoiceApplyFormProps {
  sources: InvoiceSourceOption[];
  text: Record<string, string>;
  defaults?: { title?: string; taxpayer_id?: string; email?: string };
  /** The sources table only (no checkboxes, no form). */
  readOnly?: boolean;
}

const toFen = (amount: string) => Math.round(Number(amount) * 100);

/** The sources table; with `picked`/`toggle`, invoiceable rows get a checkbox and the foot a running total. */
function SourcesTable({
  sources,
  text,
  picked,
  toggle,
  total,
}: {
  sources: InvoiceSourceOption[];
  text: Record<string, string>;
  picked?: Set<string>;
  toggle?: (key: string) => void;
  total?: number;
}) {
  const pick = picked && toggle;
  if (!sources.length) return <p className="muted">{text.none}</p>;
  return (
    <div className="table-scroll">
      <table className="data-table invoice-sources-table">
        <thead>
          <tr>
            {pick ? (
              <th scope="col">
                <span className="sr-only">{text.pick}</span>
              </th>
            ) : null}
            <th scope="col">{text.refNo}</th>
            <th scope="col" className="num">
              {text.paid}
            </th>
            <th scope="col" className="num">
              {text.refunded}
            </th>
            <th scope="col" className="num">
              {text.invoiceable}
            </th>
          </tr>
        </thead>
        <tbody>
          {sources.map((s) => {
            const key = `${s.type}:${s.id}`;
            const open = toFen(s.amount) > 0;
            return (
              <tr key={key} data-source={s.refNo} className={open ? undefined : 'is-muted'}>
                {pick ? (
                  <td className="is-pick">
                    {open ? (
                      <input
                        type="checkbox"
                        id={`inv-src-${s.type}-${s.id}`}
                        name="source"
                        value={key}
                        checked={picked.has(key)}
                        onChange={() => toggle(key)}
                      />
                    ) : null}
                  </td>
                ) : null}
                <td className="is-ref">
                  <label htmlFor={pick && open ? `inv-src-${s.type}-${s.id}` : undefined}>
                    <span className="muted">{s.kind}</span> {s.refNo}
                  </label>
                </td>
                <td className="num nowrap is-paid" data-label={text.paid}>
                  {yuan(s.paid)}
                </td>
                <td className="num nowrap is-refunded" data-label={text.refunded}>
                  {yuan(s.refunded)}
                </td>
                <td className="num nowrap is-amount">{yuan(s.amount)}</td>
              </tr>
            );
          })}
        </tbody>
        {pick ? (
          <tfoot>
            <tr>
              <td colSpan={5} className="num invoice-total" aria-live="polite">
                {text.total}: <strong data-total>{fen(total ?? 0)}</strong>
              </td>
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}

export function InvoiceApplyForm({ sources, text, defaults = {}, readOnly = false }: InvoiceApplyFormProps) {
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
  if (readOnly) {
    return (
      <section className="card" aria-labelledby="iv-sources">
        <h2 id="iv-sources">{text.sources}</h2>
        <SourcesTable sources={sources} text={text} />
      </section>
    );
  }
  const err = (k: string) =>
    errors[k] ? (
      <span className="field-error" role="alert">
        {errors[k]}
      </span>
    ) : null;
  return (
    <form className="card invoice-apply" onSubmit={onSubmit} noValidate aria-labelledby="iv-sources">
      <h2 id="iv-sources">{text.sources}</h2>
      <SourcesTable sources={sources} text={text} picked={picked} toggle={toggle} total={total} />
      {err('sources')}
      <h2>{text.form}</h2>
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
