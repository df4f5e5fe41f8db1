'use client';
/**
 * Allocate balance to a sub-account or reclaim it. The server renders a fresh request_id with
 * every form, so a double submit (or a retry after a lost answer) moves money once; after a
 * success the page is re-rendered, which brings new balances and a new request_id.
 */
import './team.css';
import { type FormEvent, type InputHTMLAttributes, useId, useState } from 'react';
import { allocateSchema } from '../schemas';
import { failureMessage, isApiError, isCancel } from '~/lib/http';
import { postTeam } from './team-post';
import { refreshPage } from '~/lib/navigation/browser';
import { checkInput } from '~/lib/schema';

export interface TeamAllocateText {
  sub: string;
  choose: string;
  disabled: string;
  direction: string;
  allocate: string;
  reclaim: string;
  amount: string;
  memo: string;
  submit: string;
  saving: string;
  /** Message key (validate.*, team.*) → text. */
  messages: Record<string, string>;
}

export interface TeamAllocateFormProps {
  subs: { id: number; username: string; nickname: string; status: 'enable' | 'disable'; money: string }[];
  initialSub?: number;
  requestId: string;
  text: TeamAllocateText;
}

type Field = 'id' | 'direction' | 'amount' | 'memo';

export function TeamAllocateForm({ subs, initialSub, requestId, text }: TeamAllocateFormProps) {
  const uid = useId();
  const [values, setValues] = useState({
    id: initialSub && subs.some((s) => s.id === initialSub) ? String(initialSub) : '',
    direction: 'allocate',
    amount: '',
    memo: '',
  });
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);

  const body = () => ({ id: values.id, direction: values.direction, amount: values.amount, memo: values.memo, request_id: requestId });
  const checked = checkInput(allocateSchema, body());
  const errors: Record<string, string> = checked.ok ? {} : checked.errors;
  const message = (f: Field) => {
    const key = errors[f];
    const local = touched[f] && key ? (text.messages[f === 'id' && key === 'team.idInvalid' ? 'team.chooseSub' : key] ?? key) : '';
    return local || serverErrors[f] || '';
  };
  const set = (f: Field, v: string) => {
    setValues((old) => ({ ...old, [f]: v }));
    setServerErrors((old) => ({ ...old, [f]: '' }));
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setTouched({ id: true, direction: true, amount: true, memo: true });
    if (!checked.ok) return;
    setBusy(true);
    setNotice('');
    try {
      await postTeam('allocate', body());
      await refreshPage();
    } catch (err) {
      if (isCancel(err)) return;
      const data = isApiError(err) ? (err.data as { field?: string } | null) : null;
      if (data?.field) setServerErrors({ [data.field]: failureMessage(err) });
      setNotice(failureMessage(err));
    }
    setBusy(false);
  };

  const err = (f: Field) => {
    const m = message(f);
    return m ? (
      <p className="field-error" id={`${uid}-${f}-err`}>
        {m}
      </p>
    ) : null;
  };
  const aria = (f: Field) => (message(f) ? { 'aria-invalid': true as const, 'aria-describedby': `${uid}-${f}-err` } : {});

  /** The amount and the memo: a labelled text input with its error, `extra` its own attributes. */
  const textField = (f: 'amount' | 'memo', label: string, extra: InputHTMLAttributes<HTMLInputElement>) => (
    <div className={message(f) ? 'field has-error' : 'field'}>
      <label htmlFor={`${uid}-${f}`}>{label}</label>
      <input
        id={`${uid}-${f}`}
        name={f}
        {...extra}
        autoComplete="off"
        value={values[f]}
        onChange={(e) => set(f, e.target.value)}
        onBlur={() => setTouched((t) => ({ ...t, [f]: true }))}
        {...aria(f)}
      />
      {err(f)}
    </div>
  );

  return (
    <form className="form team-allocate" noValidate onSubmit={onSubmit}>
      <div className="form-error" role="alert">
        {notice ? <p>{notice}</p> : null}
      </div>
      <div className={message('id') ? 'field has-error' : 'field'}>
        <label htmlFor={`${uid}-id`}>{text.sub}</label>
        <select
          id={`${uid}-id`}
          name="id"
          value={values.id}
          onChange={(e) => set('id', e.target.value)}
          onBlur={() => setTouched((t) => ({ ...t, id: true }))}
          {...aria('id')}
        >
          <option value="">{text.choose}</option>
          {subs.map((s) => (
            <option key={s.id} value={s.id}>
              {`${s.username}${s.nickname && s.nickname !== s.username ? ` (${s.nickname})` : ''} · ¥${s.money}${s.status === 'disable' ? ` · ${text.disabled}` : ''}`}
            </option>
          ))}
        </select>
        {err('id')}
      </div>
      <fieldset className="team-direction">
        <legend>{text.direction}</legend>
        <div className="segmented">
          {(['allocate', 'reclaim'] as const).map((d) => (
            <label key={d} className={values.direction === d ? 'segmented-item active' : 'segmented-item'}>
              <input type="radio" name="direction" value={d} checked={values.direction === d} onChange={() => set('direction', d)} />
              {d === 'allocate' ? text.allocate : text.reclaim}
            </label>
          ))}
        </div>
      </fieldset>
      {textField('amount', text.amount, { inputMode: 'decimal' })}
      {textField('memo', text.memo, { maxLength: 100 })}
      <input type="hidden" name="request_id" value={requestId} />
      <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy || undefined}>
        {busy ? text.saving : text.submit}
      </button>
    </form>
  );
}
