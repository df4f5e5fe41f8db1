'use client';
/**
 * One sub-account row's actions on the team page: Enable/Disable behind a confirmation dialog,
 * and Reset password in a small dialog. Both call the team API, which checks the same rule
 * (`team/teamMange/edit`) and ownership (404 for another owner's id).
 */
import './team.css';
import { type FormEvent, useId, useRef, useState } from 'react';
import { resetPasswordSchema } from '../schemas';
import { failureMessage, isCancel, request } from '~/lib/http';
import { postTeam } from './team-post';
import { refreshPage } from '~/lib/navigation/browser';
import { checkInput } from '~/lib/schema';

export interface TeamRowText {
  enable: string;
  disable: string;
  confirmEnable: string;
  confirmDisable: string;
  resetPassword: string;
  newPassword: string;
  save: string;
  cancel: string;
  /** Schema message key → text. */
  validate: Record<string, string>;
}

export interface TeamRowActionsProps {
  id: number;
  status: 'enable' | 'disable';
  text: TeamRowText;
}

export function TeamRowActions({ id, status, text }: TeamRowActionsProps) {
  const uid = useId();
  const confirmRef = useRef<HTMLDialogElement>(null);
  const resetRef = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const next = status === 'enable' ? 'disable' : 'enable';

  const toggle = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await request({ url: '/userapi/v1/team/status', method: 'POST', data: { id, status: next }, showSuccessMessage: true });
      confirmRef.current?.close();
      await refreshPage();
    } catch {
      // shown as a toast (or the page is going to the login screen)
    } finally {
      setBusy(false);
    }
  };

  const reset = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const checked = checkInput(resetPasswordSchema, { id, password });
    if (!checked.ok) {
      const key = checked.errors.password ?? '';
      setError(text.validate[key] ?? key);
      return;
    }
    setBusy(true);
    setError('');
    try {
      await postTeam('resetPassword', { id, password });
      setPassword('');
      resetRef.current?.close();
    } catch (err) {
      if (!isCancel(err)) setError(failureMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <span className="team-row-actions">
      <button type="button" className="btn btn-ghost btn-sm" onClick={() => confirmRef.current?.showModal()}>
        {next === 'disable' ? text.disable : text.enable}
      </button>
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        onClick={() => {
          setError('');
          resetRef.current?.showModal();
        }}
      >
        {text.resetPassword}
      </button>
      <dialog ref={confirmRef} className="team-dialog" aria-labelledby={`${uid}-c`}>
        <p id={`${uid}-c`}>{next === 'disable' ? text.confirmDisable : text.confirmEnable}</p>
        <div className="team-dialog-actions">
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => confirmRef.current?.close()}>
            {text.cancel}
          </button>
          <button type="button" className="btn btn-primary btn-sm" disabled={busy} aria-busy={busy || undefined} onClick={toggle}>
            {next === 'disable' ? text.disable : text.enable}
          </button>
        </div>
      </dialog>
      <dialog ref={resetRef} className="team-dialog" aria-labelledby={`${uid}-r`}>
        <form className="form" noValidate onSubmit={reset}>
          <div className={error ? 'field has-error' : 'field'}>
            <label id={`${uid}-r`} htmlFor={`${uid}-pw`}>
              {text.newPassword}
            </label>
            <input
              id={`${uid}-pw`}
              type="password"
              autoComplete="new-password"
              value={password}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${uid}-err` : undefined}
              onChange={(e) => setPassword(e.target.value)}
            />
            {error ? (
              <p className="field-error" id={`${uid}-err`} role="alert">
                {error}
              </p>
            ) : null}
          </div>
          <div className="team-dialog-actions">
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => resetRef.current?.close()}>
              {text.cancel}
            </button>
            <button type="submit" className="btn btn-primary btn-sm" disabled={busy} aria-busy={busy || undefined}>
              {text.save}
            </button>
          </div>
        </form>
      </dialog>
    </span>
  );
}
