/**
 * A labelled form control (`.field` in components.css): the label above its control. Isomorphic
 * markup only (no state), so list filters (server components) and client forms can share it.
 */
import type { ReactNode } from 'react';

export interface FieldProps {
  /** The control's id (the label's `for`). */
  id: string;
  label: ReactNode;
  children: ReactNode;
}

export function Field({ id, label, children }: FieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}

export interface SelectFieldProps {
  id: string;
  /** The form field's name (none in a client form that posts its own state). */
  name?: string;
  label: ReactNode;
  /** The chosen value: the initial one in a GET form, the current one with `onChange`. */
  value: string | number;
  /** A client form's handler (the select is then controlled). */
  onChange?: (value: string) => void;
  /** `[value, text]` per option, in order. */
  options: readonly (readonly [string | number, ReactNode])[];
  /** A first option with the value `''` (e.g. "All"). */
  all?: ReactNode;
}

/** A `<select>` in a Field (a list filter's status, page size; a form's class, term, …). */
export function SelectField({ id, name, label, value, onChange, options, all }: SelectFieldProps) {
  const state = onChange ? { value, onChange: (e: { target: { value: string } }) => onChange(e.target.value) } : { defaultValue: value };
  return (
    <Field id={id} label={label}>
      <select id={id} name={name} {...state}>
        {all === undefined ? null : <option value="">{all}</option>}
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </Field>
  );
}
