'use client';
/**
 * What the account forms share: values checked as the member types with the API's own valibot
 * schema, server field errors shown by their fields, one submit at a time, a status line.
 */
import { type ChangeEvent, type ReactNode, useState } from 'react';
import type * as v from 'valibot';
import type { UploadedFile } from '~/features/upload/schemas';
import { UploadField } from '~/features/upload/ui';
import type { Locale } from '~/lib/types';
import type { UploadRules } from '~/lib/upload-checks';
import { failureMessage, isApiError, isCancel, request } from '~/lib/http';
import { refreshPage } from '~/lib/navigation/browser';
import { notify } from '~/lib/notify';
import { checkInput } from '~/lib/schema';

/** Message key (`validate.*`, `account.*`) → text in the page's language. */
export type MessageTexts = Record<string, string>;

export interface ApiFormOptions<S extends v.GenericSchema> {
  schema: S;
  url: string;
  texts: MessageTexts;
  /** Turns the form's values into the request body (and what the schema checks). */
  body: (values: Record<string, string>) => Record<string, unknown>;
  onDone?: (message: string, data: unknown) => void | Promise<void>;
  /**
   * After a success (and `onDone`) the page loads again (refreshPage): the message goes along as
   * a toast, since the status line does not survive the reload.
   */
  reload?: boolean;
}

export function useApiForm<S extends v.GenericSchema>(initial: Record<string, string>, o: ApiFormOptions<S>) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<{ text: string; ok: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const checked = checkInput(o.schema, o.body(values));
  const errors = checked.ok ? {} : checked.errors;
  const error = (f: string) => (touched[f] && errors[f] ? (o.texts[errors[f]] ?? errors[f]) : '') || serverErrors[f] || '';
  const set = (f: string, value: string) => {
    setValues((old) => ({ ...old, [f]: value }));
    setServerErrors((old) => ({ ...old, [f]: '' }));
  };
  const touch = (f: string) => setTouched((old) => ({ ...old, [f]: true }));
  const submit = async () => {
    if (busy) return;
    setTouched(Object.fromEntries([...Object.keys(values), ...Object.keys(errors)].map((k) => [k, true])));
    if (!checked.ok) return;
    setBusy(true);
    setNotice(null);
    try {
      const res = await request({ url: o.url, method: 'POST', data: o.body(values), showErrorMessage: false, showCodeMessage: false });
      if (o.reload) notify({ type: 'success', message: res.message });
      else setNotice({ text: res.message, ok: true });
      await o.onDone?.(res.message, res.data);
      if (o.reload) await refreshPage();
    } catch (err) {
      if (!isCancel(err)) {
        const data = isApiError(err) ? (err.data as { errors?: Record<string, string>; field?: string } | null) : null;
        if (data?.errors) setServerErrors(data.errors);
        else if (data?.field) setServerErrors({ [data.field]: failureMessage(err) });
        setNotice({ text: failureMessage(err), ok: false });
      }
    }
    setBusy(false);
  };
  return { values, set, touch, error, submit, busy, notice, setNotice };
}

type ApiFormState = ReturnType<typeof useApiForm>;

/** An account form: no browser validation, submitted through `useApiForm`, its status line first. */
export function AccountForm({ form, children }: { form: Pick<ApiFormState, 'submit' | 'notice'>; children: ReactNode }) {
  return (
    <form
      className="form account-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void form.submit();
      }}
    >
      <FormNotice notice={form.notice} />
      {children}
    </form>
  );
}

/** The props that tie an `<input>` to the form's field `name`: id, value, error state, change and blur. */
export function fieldProps(form: ApiFormState, id: string, name: string, describedBy?: string) {
  const error = form.error(name);
  return {
    id: `${id}-${name}`,
    name,
    value: form.values[name],
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [error ? `${id}-${name}-err` : '', describedBy ?? ''].filter(Boolean).join(' ') || undefined,
    onChange: (e: ChangeEvent<HTMLInputElement>) => form.set(name, e.target.value),
    onBlur: () => form.touch(name),
  };
}

/** The status line above a form: success (polite) or failure (alert). */
export function FormNotice({ notice }: { notice: { text: string; ok: boolean } | null }) {
  return (
    <div className={notice?.ok ? 'form-notice' : 'form-error'} role={notice?.ok ? 'status' : 'alert'}>
      {notice ? <p className={notice.ok ? 'account-ok' : undefined}>{notice.text}</p> : null}
    </div>
  );
}

/** A labelled input with its error below. */
export function Field({
  id,
  name,
  label,
  error,
  children,
}: {
  id: string;
  name: string;
  label: string;
  error: string;
  children: ReactNode;
}) {
  return (
    <div className={error ? 'field has-error' : 'field'} data-field={name}>
      <label htmlFor={`${id}-${name}`}>{label}</label>
      {children}
      {error ? (
        <p className="field-error" id={`${id}-${name}-err`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The form's buttons: its submit (disabled while the request runs), then any others (e.g. Reset). */
export function FormActions({ form, submit, children }: { form: Pick<ApiFormState, 'busy'>; submit: string; children?: ReactNode }) {
  return (
    <div className="account-actions">
      <button type="submit" className="btn btn-primary" disabled={form.busy} aria-busy={form.busy || undefined}>
        {submit}
      </button>
      {children}
    </div>
  );
}

export interface ImageUploadFieldProps {
  form: Pick<ApiFormState, 'error' | 'set'>;
  /** The form's field: it holds the uploaded file's id (the upload island's own input is `<name>_url`). */
  name: string;
  label: string;
  /** The upload's topic (`avatar`, `topup`). */
  topic: string;
  rules: UploadRules;
  lang: Locale;
  /** The image shown before any upload (the current avatar). */
  defaultValue?: string;
  hint?: string;
  /** A new value mounts a fresh upload island (after a reset or a sent form). */
  resetKey: number;
}

/** An image uploaded by the upload island (the avatar, a transfer slip): its label, hint and error. */
export function ImageUploadField({ form, name, label, topic, rules, lang, defaultValue, hint, resetKey }: ImageUploadFieldProps) {
  const error = form.error(name);
  return (
    <div className={error ? 'field has-error' : 'field'} data-field={name}>
      <span className="field-label">{label}</span>
      <UploadField
        key={resetKey}
        name={`${name}_url`}
        topic={topic}
        image
        rules={rules}
        lang={lang}
        defaultValue={defaultValue}
        onUploaded={(f: UploadedFile) => form.set(name, String(f.id))}
      />
      {hint ? <span className="account-hint">{hint}</span> : null}
      {error ? <p className="field-error">{error}</p> : null}
    </div>
  );
}
