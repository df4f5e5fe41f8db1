'use client';
/**
 * Add or edit a sub-account: the account fields and a checkbox tree of the pages (and their
 * buttons) the owner may grant. Ticking a button ticks its page; unticking a page clears its
 * buttons. Checked as the owner types with the schemas the API enforces (addAccountSchema,
 * editAccountSchema); the API also refuses any rule outside the owner's own (400 `rules`).
 */
import './team.css';
import { type FormEvent, useId, useState } from 'react';
import { addAccountSchema, editAccountSchema } from '../schemas';
import { failureMessage, isApiError, isCancel } from '~/lib/http';
import { postTeam } from './team-post';
import { checkInput } from '~/lib/schema';
import { CardSection } from '~/ui/card-section';
import { navigate } from '~/lib/navigation/browser';

export interface TeamFormPage {
  id: number;
  title: string;
  dir: { id: number; title: string };
  buttons: { id: number; title: string }[];
}

export interface TeamAccountFormText {
  account: string;
  username: string;
  password: string;
  mobile: string;
  nickname: string;
  pages: string;
  pagesHint: string;
  all: string;
  none: string;
  noPages: string;
  submit: string;
  saving: string;
  back: string;
  chosen: string;
  /** Message key (validate.*, team.*) → text. */
  messages: Record<string, string>;
}

export interface TeamAccountFormProps {
  /** Present when editing. */
  id?: number;
  initial?: { username: string; nickname: string; mobile: string };
  initialRules?: number[];
  pages: TeamFormPage[];
  text: TeamAccountFormText;
}

type Field = 'username' | 'password' | 'mobile' | 'nickname' | 'rules';

export function TeamAccountForm({ id, initial, initialRules = [], pages, text }: TeamAccountFormProps) {
  const uid = useId();
  const editing = id !== undefined;
  const shown = new Set(pages.flatMap((p) => [p.id, ...p.buttons.map((b) => b.id)]));
  const [values, setValues] = useState({
    username: initial?.username ?? '',
    password: '',
    mobile: initial?.mobile ?? '',
    nickname: initial?.nickname ?? '',
  });
  const [picked, setPicked] = useState<Set<number>>(() => new Set(initialRules.filter((r) => shown.has(r))));
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);

  const body = () =>
    editing
      ? { id, mobile: values.mobile, nickname: values.nickname, rules: [...picked] }
      : { username: values.username, password: values.password, mobile: values.mobile, nickname: values.nickname, rules: [...picked] };
  const checked = editing ? checkInput(editAccountSchema, body()) : checkInput(addAccountSchema, body());
  const errors: Record<string, string> = checked.ok ? {} : checked.errors;
  const message = (f: Field) => {
    const key = errors[f];
    return (touched[f] && key ? (text.messages[key] ?? key) : '') || serverErrors[f] || '';
  };
  const set = (f: Exclude<Field, 'rules'>, v: string) => {
    setValues((old) => ({ ...old, [f]: v }));
    setServerErrors((old) => ({ ...old, [f]: '' }));
  };
  const change = (fn: (next: Set<number>) => void) => {
    setPicked((old) => {
      const next = new Set(old);
      fn(next);
      return next;
    });
    setServerErrors((old) => ({ ...old, rules: '' }));
  };
  const togglePage = (p: TeamFormPage, on: boolean) =>
    change((s) => {
      if (on) s.add(p.id);
      else for (const r of [p.id, ...p.buttons.map((b) => b.id)]) s.delete(r);
    });
  const toggleButton = (p: TeamFormPage, buttonId: number, on: boolean) =>
    change((s) => {
      if (on) {
        s.add(buttonId);
        s.add(p.id);
      } else s.delete(buttonId);
    });

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setTouched({ username: true, password: true, mobile: true, nickname: true, rules: true });
    if (!checked.ok) return;
    setBusy(true);
    setNotice('');
    try {
      await postTeam(editing ? 'edit' : 'add', body());
      await navigate('/user/team/teamMange');
      return;
    } catch (err) {
      if (isCancel(err)) return;
      const data = isApiError(err) ? (err.data as { field?: string; errors?: Record<string, string> } | null) : null;
      if (data?.errors) setServerErrors(data.errors);
      else if (data?.field) setServerErrors({ [data.field]: failureMessage(err) });
      setNotice(failureMessage(err));
    }
    setBusy(false);
  };

  const input = (f: Exclude<Field, 'rules'>, label: string, type: string, autoComplete: string) => {
    const err = message(f);
    return (
      <div className={err ? 'field has-error' : 'field'}>
        <label htmlFor={`${uid}-${f}`}>{label}</label>
        <input
          id={`${uid}-${f}`}
          name={f}
          type={type}
          autoComplete={autoComplete}
          value={values[f]}
          aria-invalid={err ? true : undefined}
          aria-describedby={err ? `${uid}-${f}-err` : undefined}
          onChange={(ev) => set(f, ev.target.value)}
          onBlur={() => setTouched((t) => ({ ...t, [f]: true }))}
        />
        {err ? (
          <p className="field-error" id={`${uid}-${f}-err`}>
            {err}
          </p>
        ) : null}
      </div>
    );
  };

  const dirs: { id: number; title: string; pages: TeamFormPage[] }[] = [];
  for (const p of pages) {
    let d = dirs.find((x) => x.id === p.dir.id);
    if (!d) {
      d = { id: p.dir.id, title: p.dir.title, pages: [] };
      dirs.push(d);
    }
    d.pages.push(p);
  }
  const pageCount = pages.filter((p) => picked.has(p.id)).length;
  const rulesError = message('rules');

  return (
    <form className="form team-form" noValidate onSubmit={onSubmit}>
      <div className="form-error" role="alert">
        {notice ? <p>{notice}</p> : null}
      </div>
      <CardSection id={`${uid}-acc`} title={text.account} className="team-form-fields">
        <div className="team-form-grid">
          {editing ? (
            <div className="field">
              <span className="field-label">{text.username}</span>
              <strong className="team-readonly">{values.username}</strong>
            </div>
          ) : (
            input('username', text.username, 'text', 'off')
          )}
          {editing ? null : input('password', text.password, 'password', 'new-password')}
          {input('mobile', text.mobile, 'tel', 'off')}
          {input('nickname', text.nickname, 'text', 'off')}
        </div>
      </CardSection>
      <fieldset className="card team-tree" aria-describedby={`${uid}-hint`}>
        <legend className="card-title">{text.pages}</legend>
        <p className="muted team-hint" id={`${uid}-hint`}>
          {text.pagesHint}
        </p>
        <div className="team-tree-tools">
          <span className="muted" aria-live="polite">
            {text.chosen.replace('{n}', String(pageCount))}
          </span>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={() =>
              change((s) => {
                for (const r of shown) s.add(r);
              })
            }
          >
            {text.all}
          </button>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => change((s) => s.clear())}>
            {text.none}
          </button>
        </div>
        {rulesError ? (
          <p className="field-error" role="alert">
            {rulesError}
          </p>
        ) : null}
        {pages.length === 0 ? <p className="muted">{text.noPages}</p> : null}
        {dirs.map((d) => (
          <div key={d.id} className="team-tree-dir">
            {d.title ? <h3 className="team-tree-dir-title">{d.title}</h3> : null}
            <ul className="team-tree-pages">
              {d.pages.map((p) => (
                <li key={p.id}>
                  <RuleCheck
                    className="check team-page"
                    rule={p.id}
                    title={p.title}
                    checked={picked.has(p.id)}
                    onChange={(on) => togglePage(p, on)}
                  />
                  {p.buttons.length ? (
                    <ul className="team-tree-buttons">
                      {p.buttons.map((b) => (
                        <li key={b.id}>
                          <RuleCheck
                            className="check"
                            rule={b.id}
                            title={b.title}
                            checked={picked.has(b.id)}
                            ariaLabel={`${p.title} · ${b.title}`}
                            onChange={(on) => toggleButton(p, b.id, on)}
                          />
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </fieldset>
      <div className="team-form-actions">
        <a className="btn btn-ghost" href="/user/team/teamMange">
          {text.back}
        </a>
        <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy || undefined}>
          {busy ? text.saving : text.submit}
        </button>
      </div>
    </form>
  );
}

/** One rule's checkbox in the page tree: a page, or one of its buttons (named with its page for screen readers). */
function RuleCheck(p: {
  className: string;
  rule: number;
  title: string;
  checked: boolean;
  ariaLabel?: string;
  onChange: (on: boolean) => void;
}) {
  return (
    <label className={p.className}>
      <input
        type="checkbox"
        name="rules"
        value={p.rule}
        checked={p.checked}
        aria-label={p.ariaLabel}
        onChange={(ev) => p.onChange(ev.target.checked)}
      />
      {p.title}
    </label>
  );
}
