'use client';
/**
 * The order form: plan, class, term, start date, policyholder (prefilled from the last order),
 * insured rows typed by hand or imported from a CSV/XLSX file (uploaded with progress, checked by
 * the server with the file's own row numbers, bad rows kept in the table to fix), the live
 * premium (the very function the API prices with), and Pay from balance after a confirmation.
 * The server checks everything again; its row errors land on the rows.
 */
import { fenDigits } from '~/lib/format';
import './orders.css';
import { useRef, useState } from 'react';
import { computePremium, countByClass, mixPremium } from '~/features/products/schemas';
import type { OrderTexts } from '../texts';
import { quickCheckRows } from '~/lib/insured-row-checks';
import { interpolate } from '~/lib/interpolate';
import type { Locale, UploadConfig } from '~/lib/types';
import { EMPTY_HOLDER, type Holder, HolderFields, type OrderPlan, PlanChoice, TermFields } from './form-fields';
import { blankRow, type ImportedFile, InsuredRows, type Row } from './form-insured';
import { useOrderSubmit } from './form-submit';

export interface OrderFormPrefill {
  plan?: number;
  class?: number;
  months?: number;
  headcount?: number;
  start_date?: string;
}

export interface OrderFormProps {
  type: string;
  plans: OrderPlan[];
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

export function OrderFormIsland({ plans, holder: lastHolder, balance, minStart, maxStart, prefill, locale, o, upload }: OrderFormProps) {
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
    return Array.from({ length: Math.max(n, initialPlan?.named_list ? 1 : 0) }, () => blankRow());
  });
  const [headcount, setHeadcount] = useState(prefill.headcount ?? plan?.min_insured ?? 1);
  const [importState, setImportState] = useState<string | null>(null);
  const imported = useRef<ImportedFile | null>(null);
  const viaFile = () => Boolean(imported.current && !imported.current.dirty && imported.current.count === rows.length && rows.length > 500);
  const submit = useOrderSubmit((byRow) => {
    const byFile = viaFile();
    setRows((list) => list.map((r, i) => ({ ...r, errors: byRow.get(byFile ? (r.fileRow ?? -1) : i + 1) ?? [] })));
  });
  const { fieldErrors, notice, confirming, busy } = submit;

  const rowClass = (r: Row) => (r.class && plan?.classes.includes(r.class) ? r.class : cls);
  // Cheap enough to recompute on every render (10 000 rows: a few ms).
  const premium = (() => {
    if (!plan?.annual[String(cls)]) return null;
    if (!plan.named_list) return { ...computePremium(plan, { class: cls, headcount, months }), count: headcount };
    // Priced per class, exactly as the order will be: one line per class when the list mixes them.
    const mix = mixPremium(plan, months, countByClass(rows.map((r) => ({ class: rowClass(r) }))));
    const one = computePremium(plan, { class: mix.lines.length === 1 ? mix.lines[0].class : cls, headcount: 1, months });
    return { ...one, premium: mix.total, count: rows.length, lines: mix.lines };
  })();

  if (!plan) return <p className="notice notice-warning">{f.noPlans}</p>;

  const choosePlan = (id: number) => {
    const next = plans.find((p) => p.id === id);
    if (!next) return;
    setPlanId(id);
    if (!next.classes.includes(cls)) setCls(next.classes[0]);
    if (next.named_list && rows.length === 0) setRows([blankRow()]);
    submit.forget();
  };

  const body = () => ({
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
    submit.setNotice(null);
    submit.setFieldErrors({});
    if (plan.named_list) {
      const checked = quickCheckRows(rows, f);
      setRows(checked);
      const bad = checked.filter((r) => r.errors.length).length;
      if (bad) {
        submit.setNotice({ kind: 'danger', text: interpolate(f.rowsInvalid, { n: bad }) });
        return false;
      }
    }
    return true;
  };

  const saveOnly = async () => {
    if (review()) await submit.save(body);
  };

  const total = premium?.premium ?? 0;
  return (
    <form
      className="card order-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (review()) submit.setConfirming(true);
      }}
      noValidate
    >
      <PlanChoice plans={plans} planId={planId} locale={locale} f={f} onChoose={choosePlan} />
      <TermFields
        plan={plan}
        cls={cls}
        months={months}
        start={start}
        minStart={minStart}
        maxStart={maxStart}
        fieldErrors={fieldErrors}
        f={f}
        locale={locale}
        onClass={setCls}
        onMonths={setMonths}
        onStart={setStart}
      />

      <HolderFields holder={holder} prefilled={Boolean(lastHolder)} fieldErrors={fieldErrors} f={f} onChange={setHolder} />

      <fieldset>
        <legend>{plan.named_list ? f.insured : f.headcount}</legend>
        {plan.named_list ? (
          <InsuredRows
            plan={plan}
            cls={cls}
            start={start}
            rows={rows}
            setRows={setRows}
            imported={imported}
            importState={importState}
            setImportState={setImportState}
            rowClass={rowClass}
            locale={locale}
            upload={upload}
            f={f}
          />
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
            'lines' in premium && premium.lines && premium.lines.length > 1 ? (
              <span className="order-sub" data-breakdown>
                {premium.lines.map((l) => (
                  <span key={l.class} className="order-class-line" data-class-line={l.class}>
                    {interpolate(f.classLine, { c: l.class, n: l.people, per: fenDigits(l.perPerson), sub: fenDigits(l.subtotal) })}
                  </span>
                ))}
              </span>
            ) : (
              <span className="order-sub" data-breakdown>
                {interpolate(f.breakdown, {
                  n: premium.count,
                  per: fenDigits(premium.perPerson),
                  annual: fenDigits(premium.annual),
                  rate: premium.rate,
                })}
              </span>
            )
          ) : null}
        </span>
        <strong data-premium>¥{fenDigits(total)}</strong>
        <span className="order-sub">{interpolate(f.balance, { amount: fenDigits(balance) })}</span>
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
        <div className="order-confirm sticky-actions" role="dialog" aria-label={f.confirmTitle}>
          <strong>{f.confirmTitle}</strong>
          <span>{interpolate(f.confirmBody, { amount: fenDigits(total) })}</span>
          {total > balance ? <span className="order-field-error">{f.short}</span> : null}
          <button
            type="button"
            className="btn btn-primary btn-sm"
            onClick={() => submit.pay(body)}
            disabled={busy}
            aria-busy={busy || undefined}
          >
            {f.confirm}
          </button>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => submit.setConfirming(false)} disabled={busy}>
            {f.back}
          </button>
        </div>
      ) : (
        <div className="order-submit sticky-actions">
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
}
