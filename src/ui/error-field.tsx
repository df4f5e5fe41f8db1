/**
 * A client form's labelled control that can show an error: `.field` (`.field has-error` while
 * there is one), the label, the control, and the message below it as `#<id>-err`. Isomorphic
 * markup only (no state); the form keeps its values, touched fields and messages. Client
 * components import it from this file (`~/ui/error-field`).
 */
import type { ReactNode } from 'react';

export interface ErrorFieldProps {
  /** The control's id (the label's `for`; the message's id is `<id>-err`). */
  id: string;
  label: ReactNode;
  /** The message to show; empty or undefined: none. */
  error?: string;
  children: ReactNode;
}

export function ErrorField({ id, label, error, children }: ErrorFieldProps) {
  return (
    <div className={error ? 'field has-error' : 'field'}>
      <label htmlFor={id}>{label}</label>
      {children}
      {error ? (
        <p className="field-error" id={`${id}-err`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The control's `aria-invalid` and `aria-describedby` (pointing at ErrorField's message) while `error` is set. */
export function errorAria(id: string, error: string | undefined) {
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-err` : undefined } as const;
}
