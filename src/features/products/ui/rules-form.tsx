'use client';
/**
 * An operator edits one plan's endorsement rules (issue #31): severity per rule (the fixed ones stay
 * errors) and the values of the lead time, the minimum headcount and the share of classes 5–6.
 * Saved with POST /operator/product/rules (audited).
 */
import './products.css';
import { useState } from 'react';
import { isApiError, request } from '~/lib/http';
import { FIXED_RULES, type PlanRules, RULE_CODES, RULE_VALUES, type RuleCode, type RuleSeverity } from '../rules';
import type { ProductTexts } from '../texts';

export function PlanRulesForm({ planId, initial, t }: { planId: number; initial: PlanRules; t: ProductTexts['rules'] }) {
  const [rules, setRules] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const set = (code: RuleCode, patch: Partial<{ severity: RuleSeverity; value: number }>) =>
    setRules({ ...rules, [code]: { ...rules[code], ...patch } });
  const save = async () => {
    setBusy(true);
    setMessage(null);
    try {
      const editable = Object.fromEntries(RULE_CODES.filter((c) => !FIXED_RULES.includes(c)).map((c) => [c, rules[c]]));
      const res = await request({
        url: '/userapi/v1/operator/product/rules',
        method: 'POST',
        data: { plan_id: planId, rules: editable },
        showErrorMessage: false,
        showCodeMessage: false,
      });
      setMessage({ ok: true, text: res.message });
    } catch (err) {
      setMessage({ ok: false, text: isApiError(err) && err.envelope ? err.envelope.message : String(err) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="plan-rules"
      data-plan-rules={planId}
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <ul className="plan-rules-list">
        {RULE_CODES.map((code) => {
          const fixed = FIXED_RULES.includes(code);
          const bounds = RULE_VALUES[code];
          const base = `pr-${planId}-${code}`;
          return (
            <li key={code} data-rule={code}>
              <span className="plan-rules-name">{t.names[code]}</span>
              {bounds ? (
                <label className="plan-rules-value">
                  <span className="sr-only">{`${t.names[code]} · ${t.value}`}</span>
                  <input
                    id={`${base}-value`}
                    type="number"
                    min={bounds.min}
                    max={bounds.max}
                    value={rules[code].value ?? 0}
                    onChange={(e) => set(code, { value: Math.max(0, Math.floor(Number(e.target.value) || 0)) })}
                  />
                </label>
              ) : (
                <span />
              )}
              {fixed ? (
                <span className="muted plan-rules-fixed">{t.fixed}</span>
              ) : (
                <label className="plan-rules-severity">
                  <span className="sr-only">{`${t.names[code]} · ${t.severity}`}</span>
                  <select
                    id={`${base}-severity`}
                    value={rules[code].severity}
                    onChange={(e) => set(code, { severity: e.target.value as RuleSeverity })}
                  >
                    <option value="error">{t.error}</option>
                    <option value="warning">{t.warning}</option>
                  </select>
                </label>
              )}
            </li>
          );
        })}
      </ul>
      <div className="order-decide">
        <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
          {t.save}
        </button>
        {message ? (
          <span className={message.ok ? 'muted' : 'order-field-error'} role="status">
            {message.text}
          </span>
        ) : null}
      </div>
    </form>
  );
}
