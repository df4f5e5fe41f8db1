'use client';
/**
 * The invoice application form: the sources (paid policies and endorsement charges, with paid,
 * refunded and invoiceable amounts) grouped under their policy (product and plan, policy number),
 * invoiceable rows with checkboxes, a select-all per policy and overall, the number picked and a
 * running total, and beside a disabled submit the reason it is disabled (`readOnly`: the table alone, for members without `order/invoiceApply/add`), the title
 * (company: the unified social credit code checked as it is typed, GB 32100; special invoices ask
 * for address, phone, bank and account; personal titles take normal invoices only), the e-mail.
 * Posts to /userapi/v1/invoice/apply; the API enforces the same schema.
 */
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { isCreditCode } from '~/lib/credit-code';
import { fen, yuan } from '~/lib/format';
import { isApiError, request } from '~/lib/http';
import { interpolate as fill } from '~/lib/interpolate';
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
  /** The policy it belongs to (the group it is listed under): its id, product and plan, its number. */
  policyId: number;
  policyName: string;
  policyNo: string;
}

export interface InvoiceApplyFormProps {
  sources: InvoiceSourceOption[];
  text: Record<string, string>;
  defaults?: { title?: string; taxpayer_id?: string; email?: string };
  /** The sources table only (no checkboxes, no form). */
  readOnly?: boolean;
}

const toFen = (amount: string) => Math.round(Number(amount) * 100);
const keyOf = (s: InvoiceSourceOption) => `${s.type}:${s.id}`;
/** The API takes at most this many sources in one application. */
const MAX_SOURCES = 50;

/** The sources under their policies, in the order the policies first appear. */
function byPolicy(sources: InvoiceSourceOption[]) {
  const groups = new Map<number, InvoiceSourceOption[]>();
  for (const s of sources) groups.set(s.policyId, [...(groups.get(s.policyId) ?? []), s]);
  return [...groups.values()];
}

/** A select-all checkbox: checked when all its keys are picked, mixed when some are. */
function PickAll({
  keys,
  picked,
  setMany,
  label,
  id,
}: {
  keys: string[];
  picked: Set<string>;
  setMany: (keys: string[], on: boolean) => void;
  label: string;
  id: string;
}) {
  const ref = useRef<HTMLInputElement>(null);
  const count = keys.filter((k) => picked.has(k)).length;
  const all = keys.length > 0 && count === keys.length;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = count > 0 && !all;
  }, [count, all]);
  if (!keys.length) return null;
  return <input ref={ref} type="checkbox" id={id} checked={all} aria-label={label} data-pick-all onChange={() => setMany(keys, !all)} />;
}

/** The sources table, grouped by policy; with `picked`, invoiceable rows get a checkbox, each group and the head a select-all, the foot a running total. */
function SourcesTable({
  sources,
  text,
  picked,
  setMany,
  total,
}: {
  sources: InvoiceSourceOption[];
  text: Record<string, string>;
  picked?: Set<string>;
  setMany?: (keys: string[], on: boolean) => void;
  total?: number;
}) {
  const pick = picked && setMany;
  if (!sources.length) return <p className="muted">{text.none}</p>;
  const open = (s: InvoiceSourceOption) => toFen(s.amount) > 0;
  const openKeys = (list: InvoiceSourceOption[]) => list.filter(open).map(keyOf);
  return (
    <div className="table-scroll">
      {pick && openKeys(sources).length ? (
        <div className="invoice-pick-all">
          <PickAll keys={openKeys(sources)} picked={picked} setMany={setMany} label={text.pickAll} id="inv-pick-all" />
          <label htmlFor="inv-pick-all">{text.pickAll}</label>
        </div>
      ) : null}
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
        {byPolicy(sources).map((group) => {
          const head = group[0];
          const headId = `inv-policy-${head.policyId}`;
          return (
            <tbody key={head.policyId} className="invoice-group" data-policy={head.policyNo} aria-labelledby={headId}>
              <tr className="invoice-group-head">
                {pick ? (
                  <td className="is-pick">
                    <PickAll
                      keys={openKeys(group)}
                      picked={picked}
                      setMany={setMany}
                      label={`${text.pickGroup} ${head.policyName} ${head.policyNo}`}
                      id={`inv-pick-${head.policyId}`}
                    />
                  </td>
                ) : null}
                <th scope="rowgroup" colSpan={4} id={headId}>
                  <span className="invoice-group-name">{head.policyName}</span>{' '}
                  <span className="invoice-group-no" translate="no">
                    {head.policyNo}
                  </span>
                </th>
              </tr>
              {group.map((s) => {
                const key = keyOf(s);
                return (
                  <tr key={key} data-source={s.refNo} className={open(s) ? undefined : 'is-muted'}>
                    {pick ? (
                      <td className="is-pick">
                        {open(s) ? (
                          <input
                            type="checkbox"
                            id={`inv-src-${s.type}-${s.id}`}
                            name="source"
                            value={key}
                            checked={picked.has(key)}
                            onChange={() => setMany([key], !picked.has(key))}
                          />
                        ) : null}
                      </td>
                    ) : null}
                    <td className="is-ref">
                      <label htmlFor={pick && open(s) ? `inv-src-${s.type}-${s.id}` : undefined}>
                        <span className="muted">{s.kind}</span> <span translate="no">{s.refNo}</span>
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
          );
        })}
        {pick ? (
          <tfoot>
            <tr>
              <td colSpan={5} className="num invoice-total" aria-live="polite">
                <span className="invoice-picked">{fill(text.picked, { n: picked.size })}</span> {text.total}:{' '}
                <strong data-total>{fen(total ?? 0)}</strong>
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
  const [title, setTitle] = useState(defaults.title ?? '');
  const setMany = (keys: string[], on: boolean) =>
    setPicked((prev) => {
      const next = new Set(prev);
      for (const k of keys) {
        if (on) next.add(k);
        else next.delete(k);
      }
      return next;
    });
  // Why the request cannot be sent yet, shown beside the disabled button (the API checks the rest).
  const blocked =
    picked.size === 0
      ? text.needSource
      : picked.size > MAX_SOURCES
        ? fill(text.tooMany, { n: MAX_SOURCES })
        : title.trim().length < 2
          ? text.needTitle
          : null;
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
      <SourcesTable sources={sources} text={text} picked={picked} setMany={setMany} total={total} />
      {err('sources')}
      <h2>{text.form}</h2>
      <div className="invoice-fields">
        <div className="field">
          <span className="label">{text.titleType}</span>
          <div className="radio-row">
            {(['company', 'personal'] as const).map((type) => (
              <label key={type}>
                <input type="radio" name="title_type" value={type} checked={titleType === type} onChange={() => setTitleType(type)} />{' '}
                {text[type]}
              </label>
            ))}
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
          <input id="inv-title" name="title" maxLength={100} value={title} onChange={(e) => setTitle(e.target.value)} required />
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
      <div className="endorse-form-actions invoice-submit sticky-actions">
        {blocked ? (
          <p className="invoice-blocked" id="inv-blocked" aria-live="polite">
            {blocked}
          </p>
        ) : null}
        <button
          type="submit"
          className="btn btn-primary"
          disabled={busy || blocked !== null}
          aria-busy={busy || undefined}
          aria-describedby={blocked ? 'inv-blocked' : undefined}
        >
          {text.apply}
        </button>
      </div>
    </form>
  );
}
