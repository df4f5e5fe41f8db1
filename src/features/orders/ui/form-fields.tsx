/**
 * The order form's fields for what is bought and by whom: the plan, its class, term and start
 * date, and the policyholder. Controlled: the state is the order form's (order-form.tsx).
 */
import { type PlanSnapshot, TERM_MONTHS, termName } from '~/features/products/schemas';
import { DateField } from '~/ui/date-field';
import { SelectField } from '~/ui/field';
import { formatDayText } from '~/lib/date-text';
import { fenDigits } from '~/lib/format';
import { interpolate } from '~/lib/interpolate';
import type { Locale } from '~/lib/types';
import type { OrderFormProps } from './order-form';

type FormText = OrderFormProps['o']['form'];

/** A plan on offer, with its product's name. */
export type OrderPlan = PlanSnapshot & { productName: string };

/** The policyholder as the form edits it (prefilled from the member's last order). */
export interface Holder {
  name: string;
  credit_code: string;
  contact: string;
  mobile: string;
  email: string;
  address: string;
}

export const EMPTY_HOLDER: Holder = { name: '', credit_code: '', contact: '', mobile: '', email: '', address: '' };

/** The plans as radio cards; the product's name is shown only when several products are on offer. */
export function PlanChoice({
  plans,
  planId,
  locale,
  f,
  onChoose,
}: {
  plans: OrderPlan[];
  planId: number;
  locale: Locale;
  f: FormText;
  onChoose: (id: number) => void;
}) {
  return (
    <fieldset>
      <legend>{f.plan}</legend>
      <div className="order-plans" role="radiogroup" aria-label={f.plan}>
        {plans.map((p) => (
          <label key={p.id} className="order-plan">
            <input type="radio" name="plan" value={p.id} checked={p.id === planId} onChange={() => onChoose(p.id)} />
            <span>
              <strong>
                {plans.some((x) => x.product !== p.product) ? `${p.productName} · ` : ''}
                {locale === 'en' && p.name_en ? p.name_en : p.name}
              </strong>
              <span className="order-sub">
                {p.limits
                  .slice(0, 2)
                  .map((l) => `${locale === 'en' && l.label_en ? l.label_en : l.label} ¥${fenDigits(l.amount)}`)
                  .join(' · ')}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Class (or risk band), term in months and start date. */
export function TermFields({
  plan,
  cls,
  months,
  start,
  minStart,
  maxStart,
  fieldErrors,
  f,
  locale,
  onClass,
  onMonths,
  onStart,
}: {
  plan: OrderPlan;
  cls: number;
  months: number;
  start: string;
  minStart: string;
  maxStart: string;
  fieldErrors: Record<string, string>;
  f: FormText;
  locale: Locale;
  onClass: (cls: number) => void;
  onMonths: (months: number) => void;
  onStart: (date: string) => void;
}) {
  return (
    <div className="order-grid">
      <SelectField
        id="of-class"
        label={plan.product === 'anze' ? f.band : f.class}
        value={cls}
        onChange={(c) => onClass(Number(c))}
        options={plan.classes.map((c) => [c, `${interpolate(f.classN, { n: c })} · ¥${fenDigits(plan.annual[String(c)] ?? 0)}`])}
      />
      <SelectField
        id="of-months"
        label={f.months}
        value={months}
        onChange={(m) => onMonths(Number(m))}
        options={TERM_MONTHS.map((m) => [m, termName(m, f)])}
      />
      <div className="field">
        <label htmlFor="of-start">{f.start}</label>
        <DateField
          id="of-start"
          name="start_date"
          locale={locale}
          {...{ min: minStart, max: maxStart }}
          value={start}
          onChange={onStart}
          aria-describedby="of-start-hint"
        />
        <span id="of-start-hint" className="order-sub">
          {interpolate(f.startHint, { from: formatDayText(minStart, locale), to: formatDayText(maxStart, locale) })}
        </span>
        {fieldErrors.start_date ? <span className="order-field-error">{fieldErrors.start_date}</span> : null}
      </div>
    </div>
  );
}

/** The policyholder's fields; `prefilled` says they come from the last order. */
export function HolderFields({
  holder,
  prefilled,
  fieldErrors,
  f,
  onChange,
}: {
  holder: Holder;
  prefilled: boolean;
  fieldErrors: Record<string, string>;
  f: FormText;
  onChange: (holder: Holder) => void;
}) {
  return (
    <fieldset>
      <legend>{f.holder}</legend>
      {prefilled ? <p className="order-sub">{f.prefilled}</p> : null}
      <div className="order-grid">
        {(
          [
            ['name', f.holderName, 'organization'],
            ['credit_code', f.creditCode, 'off'],
            ['contact', f.contact, 'name'],
            ['mobile', f.mobile, 'tel'],
            ['email', f.email, 'email'],
            ['address', f.address, 'street-address'],
          ] as const
        ).map(([key, label, auto]) => (
          <div className="field" key={key}>
            <label htmlFor={`of-h-${key}`}>{label}</label>
            <input
              id={`of-h-${key}`}
              name={`policyholder.${key}`}
              autoComplete={auto}
              value={holder[key]}
              onChange={(e) => onChange({ ...holder, [key]: e.target.value })}
            />
            {fieldErrors[key] ? <span className="order-field-error">{fieldErrors[key]}</span> : null}
          </div>
        ))}
      </div>
    </fieldset>
  );
}
