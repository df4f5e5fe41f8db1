'use client';
/**
 * The dry run's rules as a checklist, and Submit: failed errors in red (Submit stays disabled),
 * failed warnings each with a tick box (Submit waits for every tick), passed rules marked. Submitting
 * sends the ticked warning codes (`acknowledged`); the server checks the same rules again.
 */
import './endorse.css';
import { useState } from 'react';
import { request } from '~/lib/http';
import { navigate } from '~/lib/navigation/browser';

export interface PreviewCheck {
  code: string;
  severity: 'error' | 'warning';
  ok: boolean;
  name: string;
  text: string;
}

export function PreviewSubmit({
  id,
  checks,
  canSubmit,
  labels,
}: {
  id: number;
  checks: PreviewCheck[];
  canSubmit: boolean;
  labels: { passed: string; error: string; warning: string; tick: string; blocked: string; unticked: string; submit: string };
}) {
  const [ticked, setTicked] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const errors = checks.filter((c) => !c.ok && c.severity === 'error');
  const warnings = checks.filter((c) => !c.ok && c.severity === 'warning');
  const allTicked = warnings.every((w) => ticked.includes(w.code));
  const disabled = busy || !canSubmit || errors.length > 0 || !allTicked;
  const submit = async () => {
    if (disabled) return;
    setBusy(true);
    try {
      await request({
        url: '/userapi/v1/endorse/submit',
        method: 'POST',
        data: { id, acknowledged: ticked },
        showSuccessMessage: true,
        loading: true,
      });
      await navigate(`/user/order/endorseDetail?id=${id}`);
    } catch {
      // Shown as a toast (the rule that refused it is named there).
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="endorse-rules-wrap">
      <ul className="endorse-rules">
        {checks.map((c) => {
          const state = c.ok ? 'ok' : c.severity;
          return (
            <li key={c.code} className={`endorse-rule is-${state}`} data-rule={c.code} data-state={state}>
              <span className="endorse-rule-mark" aria-hidden="true">
                {c.ok ? '✓' : c.severity === 'error' ? '✕' : '!'}
              </span>
              <div className="endorse-rule-body">
                <strong>{c.name}</strong>
                <span className="endorse-rule-badge">{c.ok ? labels.passed : c.severity === 'error' ? labels.error : labels.warning}</span>
                <p>{c.text}</p>
                {!c.ok && c.severity === 'warning' ? (
                  <label className="endorse-rule-tick">
                    <input
                      type="checkbox"
                      name="acknowledged"
                      value={c.code}
                      checked={ticked.includes(c.code)}
                      onChange={(e) => setTicked(e.target.checked ? [...ticked, c.code] : ticked.filter((x) => x !== c.code))}
                    />
                    {labels.tick}
                  </label>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
      {errors.length ? (
        <p className="endorse-rule-hint is-error" role="status">
          {labels.blocked}
        </p>
      ) : !allTicked ? (
        <p className="endorse-rule-hint" role="status">
          {labels.unticked}
        </p>
      ) : null}
      <button type="button" className="btn btn-primary" disabled={disabled} aria-busy={busy || undefined} onClick={submit} data-submit>
        {labels.submit}
      </button>
    </div>
  );
}
