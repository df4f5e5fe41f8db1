/**
 * A list filter's fields in a GET form (decision 0014's list convention): `FilterSelect`, a labelled
 * `<select>` with an optional leading "all" option (the empty value); `FilterInput`, a labelled input.
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

export interface FilterInputProps {
  id: string;
  name: string;
  label: ReactNode;
  /** The current value (the form's default). */
  value: string;
  type?: 'search' | 'date' | 'text';
  maxLength?: number;
  placeholder?: string;
}

/** A list filter's `<input>` in a GET form: a labelled field holding the current value. */
export function FilterInput({ id, name, label, value, type = 'text', maxLength, placeholder }: FilterInputProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} type={type} maxLength={maxLength} defaultValue={value} placeholder={placeholder} />
    </div>
  );
}
