'use client';
/**
 * The reconciliation itself (issue #31, item 3): the staff list is sent (POST endorse/reconcile,
 * multipart), the three groups of proposals come back, each with a tick box (all ticked, "select
 * all" per group), the effective date and, for additions, the class to pick; "Create endorsement
 * draft" sends the ticked ones once (one request id per result) and goes on to the draft.
 */
import './endorse.css';
import { useMemo, useRef, useState } from 'react';
import { isApiError, request } from '~/lib/http';
import { interpolate as fill } from '~/lib/interpolate';
import { navigate } from '~/lib/navigation/browser';
import type { Locale } from '~/lib/types';
import { DateField } from '~/ui/date-field';
import { UploadArea } from '~/ui/upload-area';
import type { ReconcileText } from '../texts';

interface Removal {
  insured_id: number;
  name: string;
  id_no_masked: string;
  class: number;
  active_from: string;
}
interface Addition {
  row: number;
  name: string;
  id_no: string;
  occupation_class: number | null;
}
interface Correction {
  insured_id: number;
  row: number;
  id_no: string;
  name_before: string;
  name: string;
  class_before: number;
  occupation_class: number;
  changes: ('name' | 'class')[];
}
interface Result {
  rows: number;
  effective_date: string;
  effective_min: string;
  effective_max: string;
  classes: number[];
  open_id: number | null;
  removals: Removal[];
  additions: Addition[];
  corrections: Correction[];
  errors: { row: number; field: string; message: string }[];
}

const newRequestId = () =>
  `recon-${(globalThis.crypto?.randomUUID?.() ?? `${Date.now()}${Math.random()}`).replaceAll('-', '').slice(0, 32)}`;
const mask = (id: string) => (id.length === 18 ? `${id.slice(0, 6)}********${id.slice(14)}` : id);

export interface ReconcileFormProps {
  orderId: number;
  locale: Locale;
  /** The largest file the API reads (bytes). */
  maxBytes: number;
  text: ReconcileText;
  /** Where the open endorsement is edited or read: `{id}` is replaced. */
  openHref: string;
}

export function ReconcileForm({ orderId, locale, maxBytes, text: t, openHref }: ReconcileFormProps) {
  const [busy, setBusy] = useState<'' | 'reading' | 'creating'>('');
  const [error, setError] = useState<{ message: string; openId?: number } | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const [date, setDate] = useState('');
  const [removeOn, setRemoveOn] = useState<Set<number>>(new Set());
  const [addOn, setAddOn] = useState<Set<number>>(new Set());
  const [correctOn, setCorrectOn] = useState<Set<number>>(new Set());
  const [classes, setClasses] = useState<Record<number, string>>({});
  const requestId = useRef(newRequestId());

  async function send(file: File) {
    setBusy('reading');
    setError(null);
    setResult(null);
    const form = new FormData();
    form.set('order_id', String(orderId));
    form.set('file', file, file.name);
    try {
      const res = await request<Result>({
        url: '/userapi/v1/endorse/reconcile',
        method: 'POST',
        data: form,
        timeout: 60_000,
        showErrorMessage: false,
        showCodeMessage: false,
      });
      const r = res.data;
      setResult(r);
      setDate(r.effective_date);
      setRemoveOn(new Set(r.removals.map((_, i) => i)));
      setAddOn(new Set(r.additions.map((_, i) => i)));
      setCorrectOn(new Set(r.corrections.map((_, i) => i)));
      setClasses(
        Object.fromEntries(
          r.additions.map((a, i) => [
            i,
            a.occupation_class !== null && r.classes.includes(a.occupation_class) ? String(a.occupation_class) : '',
          ]),
        ),
      );
      requestId.current = newRequestId();
    } catch (err) {
      setError({ message: isApiError(err) && err.envelope ? err.envelope.message : String(err) });
    } finally {
      setBusy('');
    }
  }

  const ticked = removeOn.size + addOn.size + correctOn.size;
  const missingClass = useMemo(() => [...addOn].filter((i) => !classes[i]).length, [addOn, classes]);

  async function create() {
    if (!result) return;
    if (!ticked) return setError({ message: t.nothingTicked });
    if (missingClass) return setError({ message: fill(t.classMissing, { count: missingClass }) });
    setBusy('creating');
    setError(null);
    try {
      const res = await request<{ endorsement: { id: number } }>({
        url: '/userapi/v1/endorse/reconcile/apply',
        method: 'POST',
        data: {
          request_id: requestId.current,
          order_id: orderId,
          effective_date: date,
          remove: result.removals.filter((_, i) => removeOn.has(i)).map((r) => r.insured_id),
          add: result.additions
            .map((a, i) => ({ a, i }))
            .filter(({ i }) => addOn.has(i))
            .map(({ a, i }) => ({ name: a.name, id_no: a.id_no, occupation_class: Number(classes[i]) })),
          correct: result.corrections
            .filter((_, i) => correctOn.has(i))
            .map((c) => ({ insured_id: c.insured_id, name: c.name, id_no: c.id_no, occupation_class: c.occupation_class })),
        },
        timeout: 60_000,
        showErrorMessage: false,
        showCodeMessage: false,
        showSuccessMessage: true,
      });
      await navigate(`/user/order/endorse?edit=${res.data.endorsement.id}`);
    } catch (err) {
      const env = isApiError(err) ? err.envelope : undefined;
      const data = (env?.data ?? {}) as { open_id?: number; name?: string };
      setError({
        message: `${env ? env.message : String(err)}${data.name ? ` (${data.name})` : ''}`,
        openId: data.open_id,
      });
      setBusy('');
    }
  }

  const group = (
    key: 'removals' | 'additions' | 'corrections',
    title: string,
    count: number,
    on: Set<number>,
    set: (s: Set<number>) => void,
    line: (i: number) => React.ReactNode,
    extra?: (i: number) => React.ReactNode,
  ) =>
    count ? (
      <fieldset className="card reconcile-group" data-group={key}>
        <legend className="reconcile-legend">
          <span>
            {title} <span className="muted">({count})</span>
          </span>
          <label className="reconcile-all">
            <input
              type="checkbox"
              data-select-all={key}
              checked={on.size === count}
              ref={(el) => {
                if (el) el.indeterminate = on.size > 0 && on.size < count;
              }}
              onChange={(e) => set(e.currentTarget.checked ? new Set(Array.from({ length: count }, (_, i) => i)) : new Set())}
            />{' '}
            {t.selectAll}
          </label>
        </legend>
        <ul className="reconcile-list">
          {Array.from({ length: count }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a result's rows never move
            <li key={i} data-proposal={key}>
              <label className="reconcile-tick">
                <input
                  type="checkbox"
                  checked={on.has(i)}
                  onChange={(e) => {
                    const next = new Set(on);
                    if (e.currentTarget.checked) next.add(i);
                    else next.delete(i);
                    set(next);
                  }}
                />
                {line(i)}
              </label>
              {extra?.(i)}
            </li>
          ))}
        </ul>
      </fieldset>
    ) : null;

  const who = (name: string, id: string) => (
    <span className="reconcile-who">
      <strong translate="no">{name}</strong>{' '}
      <span className="muted nowrap" translate="no">
        {id}
      </span>
    </span>
  );

  return (
    <div className="reconcile">
      <UploadArea
        locale={locale}
        rules={{ maxSize: maxBytes, allowedSuffixes: ['csv', 'xlsx'], allowedMimeTypes: [] }}
        kinds={['csv', 'xlsx']}
        prompt={t.prompt}
        showChosen
        disabled={busy !== ''}
        onFiles={([file]) => send(file)}
      >
        {busy === 'reading' ? <span role="status">{t.reading}</span> : null}
      </UploadArea>
      {error ? (
        <p className="form-error" role="alert" data-reconcile-error>
          {error.message} {error.openId ? <a href={openHref.replace('{id}', String(error.openId))}>{t.openLink}</a> : null}
        </p>
      ) : null}
      {result?.errors.length ? (
        <div className="card reconcile-errors" role="alert">
          <p>{fill(t.errorsTitle, { count: new Set(result.errors.map((e) => e.row)).size })}</p>
          <ul>
            {result.errors.map((e) => (
              <li key={`${e.row}-${e.field}`} data-error-row={e.row}>
                <strong>{fill(t.row, { row: e.row })}</strong> {e.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {result && !result.errors.length ? (
        <>
          <p className="reconcile-summary" role="status" data-reconcile-summary>
            {fill(t.summary, {
              rows: result.rows,
              removals: result.removals.length,
              additions: result.additions.length,
              corrections: result.corrections.length,
            })}
          </p>
          {result.removals.length + result.additions.length + result.corrections.length === 0 ? (
            <p className="muted">{t.noChanges}</p>
          ) : (
            <>
              {result.open_id ? (
                <p className="form-error" role="alert">
                  {t.openExists} <a href={openHref.replace('{id}', String(result.open_id))}>{t.openLink}</a>
                </p>
              ) : null}
              <div className="field reconcile-date">
                <label htmlFor="rc-date">{t.effective}</label>
                <DateField
                  id="rc-date"
                  name="effective_date"
                  locale={locale}
                  value={date}
                  onChange={setDate}
                  min={result.effective_min}
                  max={result.effective_max}
                  required
                />
                <span className="field-hint">{fill(t.effectiveHint, { date: result.effective_min })}</span>
              </div>
              {group('removals', t.removals, result.removals.length, removeOn, setRemoveOn, (i) => {
                const r = result.removals[i];
                return (
                  <>
                    {who(r.name, r.id_no_masked)}
                    <span className="reconcile-meta">
                      {fill(t.classN, { n: r.class })} · {fill(t.since, { date: r.active_from })}
                    </span>
                  </>
                );
              })}
              {group(
                'additions',
                t.additions,
                result.additions.length,
                addOn,
                setAddOn,
                (i) => {
                  const a = result.additions[i];
                  return (
                    <>
                      {who(a.name, mask(a.id_no))}
                      <span className="reconcile-meta">{fill(t.fileRow, { row: a.row })}</span>
                    </>
                  );
                },
                (i) => {
                  const a = result.additions[i];
                  return (
                    <div className="reconcile-class">
                      <label htmlFor={`rc-cls-${i}`} className="sr-only">
                        {a.name} · {t.cls}
                      </label>
                      <select
                        id={`rc-cls-${i}`}
                        data-add-class={a.id_no}
                        value={classes[i] ?? ''}
                        disabled={!addOn.has(i)}
                        aria-invalid={addOn.has(i) && !classes[i] ? true : undefined}
                        onChange={(e) => setClasses({ ...classes, [i]: e.currentTarget.value })}
                      >
                        <option value="">{`${t.cls}: ${t.chooseClass}`}</option>
                        {result.classes.map((c) => (
                          <option key={c} value={c}>
                            {fill(t.classN, { n: c })}
                          </option>
                        ))}
                      </select>
                    </div>
                  );
                },
              )}
              {group('corrections', t.corrections, result.corrections.length, correctOn, setCorrectOn, (i) => {
                const c = result.corrections[i];
                return (
                  <>
                    {who(c.name_before, mask(c.id_no))}
                    <span className="reconcile-meta">
                      {c.changes.includes('name') ? (
                        <span className="reconcile-change">
                          {t.nameLabel}
                          <span translate="no">{c.name_before}</span> → <span translate="no">{c.name}</span>
                        </span>
                      ) : null}
                      {c.changes.includes('class') ? (
                        <span className="reconcile-change">
                          {t.clsLabel}
                          {fill(t.classN, { n: c.class_before })} → {fill(t.classN, { n: c.occupation_class })}
                        </span>
                      ) : null}
                    </span>
                  </>
                );
              })}
              <div className="card-actions">
                <button
                  type="button"
                  className="btn btn-primary"
                  data-action="reconcile-create"
                  disabled={busy !== '' || !!result.open_id}
                  onClick={create}
                >
                  {busy === 'creating' ? t.creating : fill(t.create, { count: ticked })}
                </button>
              </div>
            </>
          )}
        </>
      ) : null}
    </div>
  );
}
