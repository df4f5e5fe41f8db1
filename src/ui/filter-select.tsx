/**
 * A list filter's `<select>` in a GET form (decision 0014's list convention): a labelled field, an
 * optional leading "all" option (the empty value), one option per value.
 */
import type { ReactNode } from 'react';

export interface FilterSelectProps {
  id: string;
  name: string;
  label: ReactNode;
  /** The current value (the form's default). */
  value: string | number;
  /** The text of the empty option ("All"); none: no empty option. */
  all?: ReactNode;
  /** `[value, text]` pairs, in order. */
  options: readonly (readonly [string | number, ReactNode])[];
}

export function FilterSelect({ id, name, label, value, all, options }: FilterSelectProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={String(value)}>
        {all === undefined ? null : <option value="">{all}</option>}
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}
