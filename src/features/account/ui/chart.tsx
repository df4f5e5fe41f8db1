/**
 * Daily net changes as a server-rendered bar chart (no JavaScript): bars in an SVG that stretches
 * to the card, labels in HTML so they stay readable on a 390 px phone, and a table for screen
 * readers. Positive days rise in the series colour, negative days fall in red.
 */
import './account.css';

export interface AccountChartProps {
  /** Stable id prefix (two charts on one page). */
  id: string;
  title: string;
  /** `YYYY-MM-DD`, oldest first. */
  days: string[];
  values: number[];
  /** How a value reads (`'+12.50'`, `'+3'`). */
  format: (n: number) => string;
  /** `money` (blue) or `score` (amber). */
  series: 'money' | 'score';
  totalLabel: string;
  dayLabel: string;
  valueLabel: string;
  /** How an axis label reads (default: `MM-DD` of the day); months pass their short name. */
  label?: (day: string) => string;
}

const W = 10;

export function AccountChart({
  id,
  title,
  days,
  values,
  format,
  series,
  totalLabel,
  dayLabel,
  valueLabel,
  label = (d) => d.slice(5),
}: AccountChartProps) {
  const n = days.length;
  const max = Math.max(0, ...values);
  const min = Math.min(0, ...values);
  const span = max - min || 1;
  // Headroom so the tallest bar does not touch the top.
  const top = 4;
  const height = 100 - top * 2;
  const zero = top + (max / span) * height;
  const total = values.reduce((s, v) => s + v, 0);
  // Weekly labels over 30 days: five-day ones ran into each other on a 390 px phone; every other month of 12.
  const tickEvery = n <= 7 ? 1 : n <= 12 ? 2 : 7;
  return (
    <figure className={`account-chart account-chart-${series}`} aria-labelledby={`${id}-title`}>
      <figcaption className="account-chart-head">
        <span id={`${id}-title`} className="account-chart-title">
          <span className="account-chart-key" aria-hidden="true" />
          {title}
        </span>
        <span className="account-chart-total">
          {totalLabel} <strong className={total < 0 ? 'amount-out' : 'amount-in'}>{format(total)}</strong>
        </span>
      </figcaption>
      <div className="account-chart-plot">
        <div className="account-chart-scale" aria-hidden="true">
          <span>{format(max)}</span>
          <span>{format(min)}</span>
        </div>
        <svg className="account-chart-svg" viewBox={`0 0 ${n * W} 100`} preserveAspectRatio="none" aria-hidden="true" focusable="false">
          <line className="account-chart-zero" x1="0" x2={n * W} y1={zero} y2={zero} vectorEffect="non-scaling-stroke" />
          {values.map((v, i) => {
            if (v === 0) return null;
            const h = Math.max((Math.abs(v) / span) * height, 0.8);
            return (
              <rect
                key={days[i]}
                className={v > 0 ? 'account-chart-up' : 'account-chart-down'}
                x={i * W + W * 0.18}
                width={W * 0.64}
                y={v > 0 ? zero - h : zero}
                height={h}
                rx="0.6"
              >
                <title>{`${days[i]}: ${format(v)}`}</title>
              </rect>
            );
          })}
        </svg>
      </div>
      <ol className={`account-chart-days account-chart-days-${n}`} aria-hidden="true">
        {days.map((d, i) => (
          <li key={d} className={(n - 1 - i) % tickEvery === 0 ? 'is-tick' : undefined}>
            {label(d)}
          </li>
        ))}
      </ol>
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{dayLabel}</th>
            <th scope="col">{valueLabel}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d, i) => (
            <tr key={d}>
              <td>{d}</td>
              <td>{format(values[i])}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
