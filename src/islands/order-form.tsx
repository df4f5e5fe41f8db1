'use client';
/**
 * The order form: plan, class, term, start date, policyholder (prefilled from the last order),
 * insured rows typed by hand or imported from a CSV/XLSX file (uploaded with progress, checked by
 * the server with the file's own row numbers, bad rows kept in the table to fix), the live
 * premium (the very function the API prices with), and Pay from balance after a confirmation.
 * The server checks everything again; its row errors land on the rows.
 */
import '../components/order-page.css';
import { useRef, useState } from 'react';
import { computePremium, type PlanSnapshot } from '~/features/products/schemas';
import type { OrderTexts } from '~/components/order-text';
import { parseResidentId } from '~/lib/cn-id';
import { formatMoney } from '~/lib/format';
import { isApiError, request } from '~/lib/http';
import { fenToYuan } from '~/lib/money';
import type { Locale, UploadConfig } from '~/lib/types';
import { UploadField } from './upload-field';
import { island } from '~/lib/islands/island';

export interface OrderFormPrefill {
  plan?: number;
  class?: number;
  months?: number;
  headcount?: number;
  start_date?: string;
}

interface Holder {
  name: string;
  credit_code: string;
  contact: string;
  mobile: string;
  email: string;
  address: string;
}

interface Row {
  key: number;
  name: string;
  id_no: string;
  class: number;
  /** The row's number in an imported file (shown so the member finds it there). */
  fileRow?: number;
  errors: string[];
}

export interface OrderFormProps {
  type: string;
  plans: (PlanSnapshot & { productName: string })[];
  holder: Holder | null;
  /** The member's balance in fen. */
  balance: number;
  minStart: string;
  maxStart: string;
  prefill: OrderFormPrefill;
  locale: Locale;
  o: Pick<OrderTexts, 'form' | 'products' | 'confirm'>;
  upload: UploadConfig;
}

const fill = (text: string, params: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m));
const yuan = (fen: number) => formatMoney(fenToYuan(fen));
const EMPTY_HOLDER: Holder = { name: '', credit_code: '', contact: '', mobile: '', email: '', address: '' };
let nextKey = 1;
const newRequestId = () =>
  (globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`).replaceAll('-', '').slice(0, 32);

export const OrderFormIsland = island(
  'order-form',
  function OrderFormIsland({ plans, holder: lastHolder, balance, minStart, maxStart, prefill, locale, o, upload }: OrderFormProps) {
    const f = o.form;
    const initialPlan = plans.find((p) => p.id === prefill.plan) ?? plans[0];
    const [planId, setPlanId] = useState(initialPlan?.id ?? 0);
    const plan = plans.find((p) => p.id === planId) ?? initialPlan;
    const [cls, setCls] = useState(
      prefill.class && initialPlan?.classes.includes(prefill.class) ? prefill.class : (initialPlan?.classes[0] ?? 1),
    );
    const [months, setMonths] = useState(prefill.months && prefill.months >= 1 && prefill.months <= 12 ? prefill.months : 12);
    const [start, setStart] = useState(
      prefill.start_date && prefill.start_date >= minStart && prefill.start_date <= maxStart ? prefill.start_date : minStart,
    );
    const [holder, setHolder] = useState<Holder>({ ...EMPTY_HOLDER, ...(lastHolder ?? {}) });
    const [rows, setRows] = useState<Row[]>(() => {
      const n = initialPlan?.named_list ? Math.min(prefill.headcount ?? initialPlan.min_insured, 50) : 0;
      return Array.from({ length: Math.max(n, initialPlan?.named_list ? 1 : 0) }, () => ({
        key: nextKey++,
        name: '',
        id_no: '',
        class: 0,
        errors: [],
      }));
    });
    const [headcount, setHeadcount] = useState(prefill.headcount ?? plan?.min_insured ?? 1);
    const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
    const [notice, setNotice] = useState<{ kind: 'info' | 'danger'; text: string; link?: { href: string; label: string } } | null>(null);
    const [importState, setImportState] = useState<string | null>(null);
    const [confirming, setConfirming] = useState(false);
    const [busy, setBusy] = useState(false);
    const createId = useRef(newRequestId());
    const payId = useRef(newRequestId());
    const created = useRef<{ id: number; premium: string } | null>(null);
    /** The last imported file while its rows are untouched: long lists go by file id (the API takes 64 KB bodies). */
    const imported = useRef<{ id: number; count: number; dirty: boolean } | null>(null);
    const viaFile = () =>
      Boolean(imported.current && !imported.current.dirty && imported.current.count === rows.length && rows.length > 500);

    const rowClass = (r: Row) => (r.class && plan?.classes.includes(r.class) ? r.class : cls);
    // Cheap enough to recompute on every render (10 000 rows: a few ms).
    const premium = (() => {
      if (!plan?.annual[String(cls)]) return null;
      if (!plan.named_list) return { ...computePremium(plan, { class: cls, headcount, months }), count: headcount };
      const one = computePremium(plan, { class: cls, headcount: 1, months });
      const total = rows.reduce((sum, r) => sum + computePremium(plan, { class: rowClass(r), headcount: 1, months }).premium, 0);
      return { ...one, premium: total, count: rows.length };
    })();

    if (!plan) return <p className="notice notice-warning">{f.noPlans}</p>;
    const band = plan.product === 'anze';
    const clsLabel = band ? f.band : f.class;

    const choosePlan = (id: number) => {
      const next = plans.find((p) => p.id === id);
      if (!next) return;
      setPlanId(id);
      if (!next.classes.includes(cls)) setCls(next.classes[0]);
      if (next.named_list && rows.length === 0) setRows([{ key: nextKey++, name: '', id_no: '', class: 0, errors: [] }]);
      created.current = null;
    };
    const setRow = (key: number, patch: Partial<Row>) => {
      if (imported.current) imported.current.dirty = true;
      setRows((list) =>
        list.map((r) =>
          r.key === key
            ? { ...r, ...patch, errors: patch.errors ?? (patch.name !== undefined || patch.id_no !== undefined ? [] : r.errors) }
            : r,
        ),
      );
    };

    /** Quick checks the server repeats: names present, ID numbers valid, no ID twice. */
    const checkRows = (): Row[] => {
      const seen = new Map<string, number>();
      return rows.map((r, i) => {
        const errors: string[] = [];
        if (!r.name.trim()) errors.push(`${f.name}: ${f.required}`);
        const id = parseResidentId(r.id_no);
        if (!id) errors.push(f.idInvalid);
        else if (seen.has(id.id)) errors.push(`${f.idNo} = ${f.rowNo} ${seen.get(id.id)}`);
        else seen.set(id.id, i + 1);
        return { ...r, errors };
      });
    };

    const onImported = async (file: { id: number }) => {
      setImportState(f.importing);
      try {
        const res = await request<{
          rows: unknown[];
          errors: { row: number; field: string; message: string }[];
          entries: { row: number; name: string; id_no: string; class: number | null }[];
          total: number;
        }>({
          url: '/userapi/v1/order/importInsured',
          method: 'POST',
          data: { file_id: file.id, plan_id: plan.id, class: cls, start_date: start },
          showErrorMessage: false,
          showCodeMessage: false,
          timeout: 60_000,
        });
        const { entries, errors, total } = res.data;
        const byRow = new Map<number, string[]>();
        for (const e of errors) byRow.set(e.row, [...(byRow.get(e.row) ?? []), e.message]);
        const kept = rows.filter((r) => r.name.trim() || r.id_no.trim());
        imported.current = { id: file.id, count: kept.length ? -1 : entries.length, dirty: false };
        setRows([
          ...kept,
          ...entries.map((e) => ({
            key: nextKey++,
            name: e.name,
            id_no: e.id_no,
            class: e.class ?? 0,
            fileRow: e.row,
            errors: byRow.get(e.row) ?? [],
          })),
        ]);
        const bad = new Set(errors.map((e) => e.row)).size;
        setImportState(bad ? fill(f.imported, { n: total, bad }) : fill(f.importedOk, { n: total }));
      } catch (err) {
        setImportState(isApiError(err) ? (err.envelope?.message ?? err.message) : String(err));
      }
    };

    const body = () => ({
      request_id: createId.current,
      plan_id: plan.id,
      class: cls,
      months,
      start_date: start,
      policyholder: holder,
      ...(!plan.named_list
        ? { headcount }
        : viaFile()
          ? { insured_file_id: imported.current?.id }
          : { insured: rows.map((r) => ({ name: r.name, id_no: r.id_no, class: rowClass(r) })) }),
    });

    const review = () => {
      setNotice(null);
      setFieldErrors({});
      if (plan.named_list) {
        const checked = checkRows();
        setRows(checked);
        const bad = checked.filter((r) => r.errors.length).length;
        if (bad) {
          setNotice({ kind: 'danger', text: fill(f.rowsInvalid, { n: bad }) });
          return false;
        }
      }
      return true;
    };

    /** Create once per form content (the request id changes when the member edits after an error). */
    const create = async (): Promise<{ id: number; premium: string } | null> => {
      if (created.current) return created.current;
      try {
        const res = await request<{ order: { id: number; premium: string } }>({
          url: '/userapi/v1/order/create',
          method: 'POST',
          data: body(),
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
          if (data.rows) {
            const byRow = new Map<number, string[]>();
            for (const e of data.rows) byRow.set(e.row, [...(byRow.get(e.row) ?? []), e.message]);
            const byFile = viaFile();
            setRows((list) => list.map((r, i) => ({ ...r, errors: byRow.get(byFile ? (r.fileRow ?? -1) : i + 1) ?? [] })));
          } else if (data.field) setFieldErrors({ [data.field]: err.envelope.message });
          setNotice({ kind: 'danger', text: err.envelope.message });
        } else setNotice({ kind: 'danger', text: String((err as Error)?.message ?? err) });
        return null;
      }
    };

    const pay = async () => {
      setBusy(true);
      try {
        const order = await create();
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
          window.location.assign(`/user/order/groupDetail?id=${order.id}`);
        } catch (err) {
          const msg = isApiError(err) && err.envelope ? err.envelope.message : String(err);
          setNotice({ kind: 'danger', text: msg, link: { href: `/user/order/groupDetail?id=${order.id}`, label: `→ ${order.id}` } });
        }
      } finally {
        setBusy(false);
        setConfirming(false);
      }
    };

    const saveOnly = async () => {
      if (!review()) return;
      setBusy(true);
      const order = await create();
      setBusy(false);
      if (order) window.location.assign(`/user/order/groupDetail?id=${order.id}`);
    };

    const total = premium?.premium ?? 0;
    return (
      <form
        className="card order-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (review()) setConfirming(true);
        }}
        noValidate
      >
        <fieldset>
          <legend>{f.plan}</legend>
          <div className="order-plans" role="radiogroup" aria-label={f.plan}>
            {plans.map((p) => (
              <label key={p.id} className="order-plan">
                <input type="radio" name="plan" value={p.id} checked={p.id === planId} onChange={() => choosePlan(p.id)} />
                <span>
                  <strong>
                    {plans.some((x) => x.product !== p.product) ? `${p.productName} · ` : ''}
                    {locale === 'en' && p.name_en ? p.name_en : p.name}
                  </strong>
                  <span className="order-sub">
                    {p.limits
                      .slice(0, 2)
                      .map((l) => `${locale === 'en' && l.label_en ? l.label_en : l.label} ¥${formatMoney(fenToYuan(l.amount))}`)
                      .join(' · ')}
                  </span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="order-grid">
          <div className="field">
            <label htmlFor="of-class">{clsLabel}</label>
            <select id="of-class" value={cls} onChange={(e) => setCls(Number(e.target.value))}>
              {plan.classes.map((c) => (
                <option key={c} value={c}>
                  {fill(f.classN, { n: c })} · ¥{yuan(plan.annual[String(c)] ?? 0)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="of-months">{f.months}</label>
            <select id="of-months" value={months} onChange={(e) => setMonths(Number(e.target.value))}>
              {Array.from({ length: 12 }, (_, i) => 12 - i).map((m) => (
                <option key={m} value={m}>
                  {m === 12 ? f.year : fill(f.monthsN, { n: m })}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="of-start">{f.start}</label>
            <input
              id="of-start"
              type="date"
              min={minStart}
              max={maxStart}
              value={start}
              onChange={(e) => setStart(e.target.value)}
              aria-describedby="of-start-hint"
            />
            <span id="of-start-hint" className="order-sub">
              {fill(f.startHint, { from: minStart, to: maxStart })}
            </span>
            {fieldErrors.start_date ? <span className="order-field-error">{fieldErrors.start_date}</span> : null}
          </div>
        </div>

        <fieldset>
          <legend>{f.holder}</legend>
          {lastHolder ? <p className="order-sub">{f.prefilled}</p> : null}
          <div className="order-grid">
            {(
              [
                ['name', f.holderName, 'organization'],
                ['credit_code', f.creditCode, 'off'],
                ['contact', f.contact, 'name'],
                ['mobile', f.mobile, 'tel'],
                ['email', f.email, 'email'],
                ['address', f.address, 'street-address'],
              ] as const
            ).map(([key, label, auto]) => (
              <div className="field" key={key}>
                <label htmlFor={`of-h-${key}`}>{label}</label>
                <input
                  id={`of-h-${key}`}
                  name={`policyholder.${key}`}
                  autoComplete={auto}
                  value={holder[key]}
                  onChange={(e) => setHolder({ ...holder, [key]: e.target.value })}
                />
                {fieldErrors[key] ? <span className="order-field-error">{fieldErrors[key]}</span> : null}
              </div>
            ))}
          </div>
        </fieldset>

        <fieldset>
          <legend>{plan.named_list ? f.insured : f.headcount}</legend>
          {plan.named_list ? (
            <>
              <div className="table-scroll">
                <table className="order-rows">
                  <thead>
                    <tr>
                      <th scope="col">{f.rowNo}</th>
                      <th scope="col">{f.name}</th>
                      <th scope="col">{f.idNo}</th>
                      <th scope="col">{f.rowClass}</th>
                      <th scope="col">
                        <span className="sr-only">{f.removeRow}</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((r, i) => (
                      <tr key={r.key} className={r.errors.length ? 'has-error' : undefined} data-row={i + 1}>
                        <td className="order-row-no or-no">
                          {i + 1}
                          {r.fileRow ? <span className="order-sub">{fill(f.fileRow, { row: r.fileRow })}</span> : null}
                        </td>
                        <td className="or-name">
                          <input
                            aria-label={`${f.name} ${i + 1}`}
                            value={r.name}
                            maxLength={30}
                            onChange={(e) => setRow(r.key, { name: e.target.value })}
                          />
                        </td>
                        <td className="or-id">
                          <input
                            aria-label={`${f.idNo} ${i + 1}`}
                            value={r.id_no}
                            maxLength={18}
                            inputMode="text"
                            onChange={(e) => setRow(r.key, { id_no: e.target.value.toUpperCase() })}
                          />
                          {r.errors.map((e) => (
                            <span key={e} className="order-row-error" role="alert">
                              {e}
                            </span>
                          ))}
                        </td>
                        <td className="or-class">
                          <select
                            aria-label={`${f.rowClass} ${i + 1}`}
                            value={rowClass(r)}
                            onChange={(e) => setRow(r.key, { class: Number(e.target.value) })}
                          >
                            {plan.classes.map((c) => (
                              <option key={c} value={c}>
                                {c}
                              </option>
                            ))}
                          </select>
                        </td>
                        <td className="or-del">
                          <button
                            type="button"
                            className="btn btn-ghost btn-sm"
                            onClick={() => {
                              if (imported.current) imported.current.dirty = true;
                              setRows(rows.filter((x) => x.key !== r.key));
                            }}
                          >
                            {f.removeRow}
                          </button>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <div className="order-import">
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  onClick={() => setRows([...rows, { key: nextKey++, name: '', id_no: '', class: 0, errors: [] }])}
                  disabled={rows.length >= plan.max_insured}
                >
                  {f.addRow}
                </button>
                <a className="btn btn-ghost btn-sm" href="/userapi/v1/order/insuredTemplate?format=xlsx" download>
                  {f.template} (XLSX)
                </a>
                <a className="btn btn-ghost btn-sm" href="/userapi/v1/order/insuredTemplate?format=csv" download>
                  {f.template} (CSV)
                </a>
              </div>
              <div className="order-import">
                <span className="order-sub">{f.importHint}</span>
                <UploadField
                  lang={locale}
                  name="insured_file"
                  valueKind="id"
                  topic="insured"
                  rules={{ ...upload, allowedSuffixes: 'csv,xlsx', allowedMimeTypes: '' }}
                  text={{ choose: f.import } as never}
                  onUploaded={onImported}
                />
                {importState ? (
                  <p className="order-sub" role="status" aria-live="polite">
                    {importState}
                  </p>
                ) : null}
              </div>
            </>
          ) : (
            <div className="order-grid">
              <div className="field">
                <label htmlFor="of-headcount">{f.headcount}</label>
                <input
                  id="of-headcount"
                  type="number"
                  min={plan.min_insured}
                  max={plan.max_insured}
                  value={headcount}
                  onChange={(e) => setHeadcount(Math.max(0, Math.floor(Number(e.target.value) || 0)))}
                />
                <span className="order-sub">
                  {plan.min_insured}–{plan.max_insured}
                </span>
                {fieldErrors.headcount ? <span className="order-field-error">{fieldErrors.headcount}</span> : null}
              </div>
            </div>
          )}
        </fieldset>

        <div className="order-total" aria-live="polite">
          <span>
            {f.total}
            {premium ? (
              <span className="order-sub" data-breakdown>
                {fill(f.breakdown, { n: premium.count, per: yuan(premium.perPerson), annual: yuan(premium.annual), rate: premium.rate })}
              </span>
            ) : null}
          </span>
          <strong data-premium>¥{yuan(total)}</strong>
          <span className="order-sub">{fill(f.balance, { amount: yuan(balance) })}</span>
        </div>

        {notice ? (
          <div className={`notice notice-${notice.kind}`} role="alert">
            <div className="notice-body">
              <p>{notice.text}</p>
              {notice.link ? <a href={notice.link.href}>{notice.link.label}</a> : null}
              {total > balance ? <a href="/user/account/balance">{f.topup}</a> : null}
            </div>
          </div>
        ) : null}

        {confirming ? (
          <div className="order-confirm" role="dialog" aria-label={f.confirmTitle}>
            <strong>{f.confirmTitle}</strong>
            <span>{fill(f.confirmBody, { amount: yuan(total) })}</span>
            {total > balance ? <span className="order-field-error">{f.short}</span> : null}
            <button type="button" className="btn btn-primary btn-sm" onClick={pay} disabled={busy} aria-busy={busy || undefined}>
              {f.confirm}
            </button>
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setConfirming(false)} disabled={busy}>
              {f.back}
            </button>
          </div>
        ) : (
          <div className="order-submit">
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {f.submit}
            </button>
            <button type="button" className="btn btn-ghost" onClick={saveOnly} disabled={busy}>
              {f.save}
            </button>
          </div>
        )}
      </form>
    );
  },
);
