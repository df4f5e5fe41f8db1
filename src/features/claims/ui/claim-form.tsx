'use client';
/**
 * One claim form posting JSON to the claims API: reporting (last wizard step), resubmit and
 * withdraw (with a confirm), and the operator's decisions. The input is checked with the same
 * valibot schema the API uses (`~/features/claims/schemas`) before sending; the API's answer
 * (a field error, `data.missing`, 409) is shown beside the field or above the buttons.
 */
import './claims.css';
import { type FormEvent, useId, useState } from 'react';
import type * as v from 'valibot';
import {
  approveSchema,
  claimAddSchema,
  markPaidSchema,
  rejectSchema,
  requestDocumentsSchema,
  resubmitSchema,
  withdrawSchema,
} from '../schemas';
import { failureMessage, isApiError, isCancel, request } from '~/lib/http';
import { navigate, refreshPage } from '~/lib/navigation/browser';
import { checkInput } from '~/lib/schema';

const SCHEMAS: Record<ClaimFormSchema, v.GenericSchema> = {
  claimAdd: claimAddSchema,
  resubmit: resubmitSchema,
  withdraw: withdrawSchema,
  requestDocuments: requestDocumentsSchema,
  approve: approveSchema,
  reject: rejectSchema,
  markPaid: markPaidSchema,
};

export type ClaimFormSchema = 'claimAdd' | 'resubmit' | 'withdraw' | 'requestDocuments' | 'approve' | 'reject' | 'markPaid';

export interface ClaimFormField {
  name: string;
  label: string;
  kind: 'text' | 'textarea' | 'date' | 'amount' | 'select' | 'kinds';
  options?: { value: string; label: string }[];
  hint?: string;
  /** Initial value (a date, a preselected option, the kinds already checked). */
  value?: string | string[];
  max?: string;
}

export interface ClaimFormProps {
  url: string;
  schema: ClaimFormSchema;
  fields: ClaimFormField[];
  /** Sent with the fields (the claim id, the chosen policy and person, …). */
  fixed: Record<string, string | number>;
  submit: string;
  saving: string;
  /** Asked with window.confirm before sending. */
  confirm?: string;
  /** Message key → text (validation messages of the schema). */
  messages: Record<string, string>;
  /** After success: re-render this page, or open the claim's detail page (reporting). */
  after?: 'refresh' | 'detail';
  /** Send a fresh request_id (kept across retries of this form, so a retry reports once). */
  requestId?: boolean;
  danger?: boolean;
}

export function ClaimForm({
  url,
  schema,
  fields,
  fixed,
  submit,
  saving,
  confirm,
  messages,
  after = 'refresh',
  requestId,
  danger,
}: ClaimFormProps) {
  const uid = useId();
  const [rid] = useState(() => (requestId ? `claim-${crypto.randomUUID()}` : ''));
  const [values, setValues] = useState<Record<string, string | string[]>>(() =>
    Object.fromEntries(fields.map((f) => [f.name, f.value ?? (f.kind === 'kinds' ? [] : '')])),
  );
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);

  const body = () => ({ ...fixed, ...values, ...(rid ? { request_id: rid } : {}) });
  const checked = checkInput(SCHEMAS[schema], body());
  const errors: Record<string, string> = checked.ok ? {} : checked.errors;
  const message = (f: string) => (touched[f] && errors[f] ? (messages[errors[f]] ?? errors[f]) : '') || serverErrors[f] || '';
  const set = (f: string, value: string | string[]) => {
    setValues((old) => ({ ...old, [f]: value }));
    setServerErrors((old) => ({ ...old, [f]: '' }));
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setTouched(Object.fromEntries(fields.map((f) => [f.name, true])));
    if (!checked.ok) {
      // A problem in a field the form does not show (a fixed value): say it above the buttons.
      const hidden = Object.keys(errors).find((k) => !fields.some((f) => f.name === k));
      if (hidden) setNotice(messages[errors[hidden]] ?? errors[hidden]);
      return;
    }
    if (confirm && !window.confirm(confirm)) return;
    setBusy(true);
    setNotice('');
    try {
      const res = await request<{ claim?: { id: number } }>({
        url,
        method: 'POST',
        data: body(),
        showSuccessMessage: true,
        showErrorMessage: false,
      });
      if (after === 'detail' && res.data?.claim) await navigate(`/user/claim/detail?id=${res.data.claim.id}`);
      else await refreshPage();
    } catch (err) {
      if (isCancel(err)) return;
      const data = isApiError(err) ? (err.data as { field?: string } | null) : null;
      if (data?.field && fields.some((f) => f.name === data.field)) setServerErrors({ [data.field]: failureMessage(err) });
      setNotice(failureMessage(err));
    }
    setBusy(false);
  };

  const aria = (f: string) => (message(f) ? { 'aria-invalid': true as const, 'aria-describedby': `${uid}-${f}-err` } : {});
  const blur = (f: string) => () => setTouched((t) => ({ ...t, [f]: true }));

  return (
    <form className="form claim-form" noValidate onSubmit={onSubmit}>
      {fields.map((f) => {
        const id = `${uid}-${f.name}`;
        const m = message(f.name);
        const value = values[f.name];
        let input: React.ReactNode;
        if (f.kind === 'textarea') {
          input = (
            <textarea
              id={id}
              name={f.name}
              rows={3}
              value={String(value)}
              onChange={(e) => set(f.name, e.target.value)}
              onBlur={blur(f.name)}
              {...aria(f.name)}
            />
          );
        } else if (f.kind === 'select') {
          input = (
            <select
              id={id}
              name={f.name}
              value={String(value)}
              onChange={(e) => set(f.name, e.target.value)}
              onBlur={blur(f.name)}
              {...aria(f.name)}
            >
              {(f.options ?? []).map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          );
        } else if (f.kind === 'kinds') {
          const list = Array.isArray(value) ? value : [];
          return (
            <fieldset key={f.name} className={m ? 'field claim-kinds has-error' : 'field claim-kinds'}>
              <legend className="field-label">{f.label}</legend>
              {(f.options ?? []).map((o) => (
                <label key={o.value} className="claim-check">
                  <input
                    type="checkbox"
                    name={f.name}
                    value={o.value}
                    checked={list.includes(o.value)}
                    onChange={(e) => {
                      set(f.name, e.target.checked ? [...list, o.value] : list.filter((k) => k !== o.value));
                      setTouched((t) => ({ ...t, [f.name]: true }));
                    }}
                  />
                  <span>{o.label}</span>
                </label>
              ))}
              {m ? (
                <p className="field-error" id={`${id}-err`}>
                  {m}
                </p>
              ) : null}
            </fieldset>
          );
        } else {
          input = (
            <input
              id={id}
              name={f.name}
              type={f.kind === 'date' ? 'date' : 'text'}
              inputMode={f.kind === 'amount' ? 'decimal' : undefined}
              autoComplete="off"
              max={f.max}
              value={String(value)}
              onChange={(e) => set(f.name, e.target.value)}
              onBlur={blur(f.name)}
              {...aria(f.name)}
            />
          );
        }
        return (
          <div key={f.name} className={m ? 'field has-error' : 'field'}>
            <label htmlFor={id}>{f.label}</label>
            {input}
            {f.hint && !m ? <p className="field-hint">{f.hint}</p> : null}
            {m ? (
              <p className="field-error" id={`${id}-err`}>
                {m}
              </p>
            ) : null}
          </div>
        );
      })}
      <div className="form-error" role="alert">
        {notice ? <p>{notice}</p> : null}
      </div>
      <div className={schema === 'claimAdd' ? 'claim-form-actions sticky-actions' : 'claim-form-actions'}>
        <button type="submit" className={danger ? 'btn btn-danger' : 'btn btn-primary'} disabled={busy} aria-busy={busy || undefined}>
          {busy ? saving : submit}
        </button>
      </div>
    </form>
  );
}
