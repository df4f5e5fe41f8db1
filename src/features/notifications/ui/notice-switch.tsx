'use client';
/**
 * One e-mail or SMS switch of the notice settings: saves at once (POST /notice/preferences) and
 * goes back when the API refuses (its message is shown as a toast).
 */
import { useState } from 'react';
import { request } from '~/lib/http';

export interface NoticeSwitchProps {
  group: string;
  channel: 'email' | 'sms';
  checked: boolean;
  disabled?: boolean;
  /** Accessible name, e.g. "Claims: SMS". */
  label: string;
  onText: string;
  offText: string;
}

export function NoticeSwitch({ group, channel, checked, disabled = false, label, onText, offText }: NoticeSwitchProps) {
  const [on, setOn] = useState(checked);
  const [busy, setBusy] = useState(false);
  const change = async (next: boolean) => {
    setOn(next);
    setBusy(true);
    try {
      await request({ url: '/userapi/v1/notice/preferences', method: 'POST', data: { group, [channel]: next }, showSuccessMessage: true });
    } catch {
      setOn(!next);
    } finally {
      setBusy(false);
    }
  };
  return (
    <label className="notice-switch" data-channel={channel} data-group={group}>
      <input
        type="checkbox"
        role="switch"
        aria-checked={on}
        checked={on}
        disabled={disabled || busy}
        aria-label={label}
        aria-busy={busy || undefined}
        onChange={(e) => change(e.currentTarget.checked)}
      />
      <span className="notice-switch-text" aria-hidden="true">
        {on ? onText : offText}
      </span>
    </label>
  );
}

/** The switch of a kind sent only when asked for (kinds.ts `optIn`): saves at once (POST /notice/optIn). */
export function OptInSwitch({
  kind,
  checked,
  label,
  onText,
  offText,
}: {
  kind: string;
  checked: boolean;
  label: string;
  onText: string;
  offText: string;
}) {
  const [on, setOn] = useState(checked);
  const [busy, setBusy] = useState(false);
  const change = async (next: boolean) => {
    setOn(next);
    setBusy(true);
    try {
      await request({ url: '/userapi/v1/notice/optIn', method: 'POST', data: { kind, on: next }, showSuccessMessage: true });
    } catch {
      setOn(!next);
    } finally {
      setBusy(false);
    }
  };
  return (
    <label className="notice-switch notice-opt-in" data-opt-in={kind}>
      <input
        type="checkbox"
        role="switch"
        aria-checked={on}
        checked={on}
        disabled={busy}
        aria-busy={busy || undefined}
        onChange={(e) => change(e.currentTarget.checked)}
      />
      <span className="notice-switch-text" aria-hidden="true">
        {on ? onText : offText}
      </span>
      <span className="notice-opt-in-label">{label}</span>
    </label>
  );
}
