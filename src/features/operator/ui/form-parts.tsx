/**
 * The console's plain-form pieces (no JavaScript needed): a labelled field or select with the
 * console's show-if class and hint line, option lists, a yes/no checkbox that always posts, a
 * one-button form posting back to the page, and Save / Cancel.
 */
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import type { OperatorText } from '../texts';
import { BackTo } from './shell';

/**
 * A `.field` (the kit's Field markup) with optional extra classes (the rule form's `op-if-*`, which
 * CSS shows by type) and a hint after the control (`<id>-hint`: the control names it in
 * `aria-describedby`).
 */
export function OpField({
  id,
  label,
  className,
  hint,
  children,
}: {
  id: string;
  label: ReactNode;
  className?: string;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint ? (
        <span id={`${id}-hint`} className="op-hint">
          {hint}
        </span>
      ) : null}
    </div>
  );
}

/**
 * A `<select>` in an OpField: the kit's SelectField with the console's show-if class (the rule
 * form's `op-if-menu`).
 */
export function OpSelect({
  id,
  name,
  label,
  className,
  value,
  options,
}: {
  id: string;
  name: string;
  label: ReactNode;
  className?: string;
  value: string;
  options: readonly (readonly [string, ReactNode])[];
}) {
  return (
    <OpField id={id} label={label} className={className}>
      <select id={id} name={name} defaultValue={value}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </OpField>
  );
}

/** `[value, text]` of each key in `values`, for a select. */
export const optionsOf = <K extends string>(values: readonly K[], texts: Record<K, string>) => values.map((v) => [v, texts[v]] as const);

/** Enabled / Disabled (`1` / `0`), as groups and rules store their status. */
export const statusOptions = (tx: OperatorText) =>
  [
    ['1', tx.enabled],
    ['0', tx.disabled],
  ] as const;

/**
 * A yes/no checkbox that always posts: a hidden `0` before the box, so an unticked box sends `0`
 * (a ticked one sends `1` after it, which wins).
 */
export function FlagCheck({ name, checked, label, hint }: { name: string; checked: boolean; label: ReactNode; hint?: ReactNode }) {
  return (
    <>
      <input type="hidden" name={name} value="0" />
      <label className="op-check">
        <input type="checkbox" name={name} value="1" defaultChecked={checked} />
        <span>{label}</span>
        {hint ? <span className="op-sub">{hint}</span> : null}
      </label>
    </>
  );
}

/**
 * One button in its own POST form to the API with hidden `fields`, answered 303 back to `here`.
 * The other props are the button's (class, label, disabled…).
 */
export function PostButton({
  action,
  here,
  fields,
  children,
  ...button
}: {
  action: string;
  here: string;
  fields: Record<string, string | number>;
  children: ReactNode;
} & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'children'>) {
  return (
    <form method="post" action={action}>
      <BackTo here={here} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" {...button}>
        {children}
      </button>
    </form>
  );
}

/** An edit form's Save and Cancel (back to `cancel`). */
export function SaveCancel({ tx, cancel }: { tx: OperatorText; cancel: string }) {
  return (
    <div className="card-actions">
      <button type="submit" className="btn btn-primary btn-sm">
        {tx.save}
      </button>
      <a className="btn btn-ghost btn-sm" href={cancel}>
        {tx.cancel}
      </a>
    </div>
  );
}
