'use client';
/**
 * The live premium of the endorsement draft (issue #10), worked out in the browser with the very
 * function the service prices items with (`~/lib/pro-rata`): the class field of the add and
 * replace forms shows what that person adds and the draft's new total; the date field shows the
 * draft's total on another effective date. The server re-prices on save, so this is an estimate
 * that always agrees with it. The fields keep their names, so the surrounding form posts them.
 */
import { useId, useState } from 'react';
import { formatMoney } from '~/lib/format';
import type { Locale } from '~/lib/types';
import { DateField } from '~/ui/date-field';
import { fenToYuan } from '~/lib/money';
import { type ClassPremiums, type EstimateItem, estimateDelta, type ItemKind, type Period, periodDays } from '~/lib/pro-rata';
import { interpolate as fill } from '~/lib/interpolate';

export interface EstimateLabels {
  /** "This change: {amount}". */
  item: string;
  /** "Draft total then: {amount}". */
  total: string;
  /** "{d} of {D} days". */
  days: string;
  /** Shown when the date is outside the period. */
  outside: string;
}

interface Shared {
  premiums: ClassPremiums;
  period: Period;
  /** The draft's items as they are now. */
  items: EstimateItem[];
  labels: EstimateLabels;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Fen as the pages show money: ¥12.50, −¥3.00. */
function yuan(fen: number): string {
  return `${fen < 0 ? '−' : ''}¥${formatMoney(fenToYuan(Math.abs(fen)))}`;
}

/** A class select that shows the premium of one more item of `kind` (from class `from`) and the total with it. */
export function ClassEstimate({
  id,
  name,
  label,
  hideLabel = false,
  classes,
  kind,
  from = null,
  effective,
  withEmpty = false,
  premiums,
  period,
  items,
  labels,
}: Shared & {
  id: string;
  name: string;
  label: string;
  /** The label only for screen readers (compact inline forms). */
  hideLabel?: boolean;
  classes: number[];
  kind: ItemKind;
  from?: number | null;
  effective: string;
  /** A leading "—" option (no class change). */
  withEmpty?: boolean;
}) {
  const [cls, setCls] = useState(withEmpty ? '' : String(classes[0] ?? ''));
  const outId = useId();
  const to = cls === '' ? from : Number(cls);
  const one = estimateDelta([{ kind, from, to }], premiums, period, effective);
  const total = estimateDelta([...items, { kind, from, to }], premiums, period, effective);
  const select = (
    <select id={id} name={name} value={cls} onChange={(e) => setCls(e.target.value)} aria-describedby={outId}>
      {withEmpty ? <option value="">—</option> : null}
      {classes.map((c) => (
        <option key={c} value={c}>
          {c}
        </option>
      ))}
    </select>
  );
  // The output follows the field (not inside it), so inline forms keep their inputs in one row.
  return (
    <>
      <div className="field">
        <label htmlFor={id} className={hideLabel ? 'sr-only' : undefined}>
          {label}
        </label>
        {select}
      </div>
      <output id={outId} className="endorse-estimate" htmlFor={id} aria-live="polite" data-estimate={one}>
        {fill(labels.item, { amount: yuan(one) })} · {fill(labels.total, { amount: yuan(total) })}
      </output>
    </>
  );
}

/** The effective-date input that shows the draft's total on the date being typed. */
export function DateEstimate({
  id,
  name,
  locale,
  label,
  effective,
  min,
  premiums,
  period,
  items,
  labels,
}: Shared & { id: string; name: string; locale: Locale; label: string; effective: string; min: string }) {
  const [date, setDate] = useState(effective);
  const outId = useId();
  const valid = DATE.test(date) && date >= period.start && date <= period.end;
  const { D, d } = valid ? periodDays(period, date) : { D: 0, d: 0 };
  return (
    <>
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <DateField
          id={id}
          name={name}
          locale={locale}
          {...{ min, max: period.end }}
          value={date}
          onChange={setDate}
          aria-describedby={outId}
        />
      </div>
      <output id={outId} className="endorse-estimate" htmlFor={id} aria-live="polite">
        {valid
          ? `${fill(labels.total, { amount: yuan(estimateDelta(items, premiums, period, date)) })} · ${fill(labels.days, { d, D })}`
          : labels.outside}
      </output>
    </>
  );
}
