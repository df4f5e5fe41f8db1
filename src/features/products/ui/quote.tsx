'use client';
/**
 * The quote form of /offer. Rendered on the server it is a plain GET form (the page computes the
 * quote for the submitted values); once hydrated it recomputes as the visitor types, with the
 * very function the quote API and the order price with. Buy goes through login (`to=`) to the
 * prefilled order form.
 */
import './products.css';
import { useState } from 'react';
import type { OrderTexts } from '~/features/orders/texts';
import type { ProductTexts } from '../texts';
import { computePremium, mixPremium, type PlanSnapshot, premiumProblem, TERM_MONTHS, termName } from '../schemas';
import { SelectField } from '~/ui/field';
import { fenDigits } from '~/lib/format';
import { interpolate as fill } from '~/lib/interpolate';

export interface QuotePlan extends PlanSnapshot {
  productName: string;
  planName: string;
}

export interface QuoteValues {
  plan: number;
  class: number;
  headcount: number;
  months: number;
  /** People per class when they fall into several (`{"1": 7, "2": 6}`); empty: everyone in `class`. */
  mix: Record<string, number>;
}

/** The mix a quote prices: the classes given, or everyone in the one class. */
export function mixOf(v: QuoteValues): Record<string, number> {
  const given = Object.fromEntries(Object.entries(v.mix).filter(([, n]) => n > 0));
  return Object.keys(given).length ? given : { [String(v.class)]: v.headcount };
}

export interface OrderQuoteProps {
  plans: QuotePlan[];
  initial: QuoteValues;
  /** Whether the visitor submitted the form (show the result even without JavaScript). */
  submitted: boolean;
  loggedIn: boolean;
  /** Problem messages by key (the API's texts). */
  problems: Record<string, string>;
  o: { offer: ProductTexts['offer']; form: OrderTexts['form'] };
}

/** Where Buy leads: the order form prefilled, through login when needed. */
export function buyHref(plan: QuotePlan, v: QuoteValues, loggedIn: boolean): string {
  const page = plan.named_list ? plan.product : 'withoutDetail';
  const mix = mixOf(v);
  const headcount = Object.values(mix).reduce((s, n) => s + n, 0);
  const target = `/user/order/${page}?new=1&plan=${plan.id}&class=${v.class}&months=${v.months}&headcount=${headcount}`;
  return loggedIn ? target : `/user/login?to=${encodeURIComponent(target)}`;
}

export function OrderQuote({ plans, initial, submitted, loggedIn, problems, o }: OrderQuoteProps) {
  const [v, setV] = useState<QuoteValues>(initial);
  const [live, setLive] = useState(submitted);
  const plan = plans.find((p) => p.id === v.plan) ?? plans[0];
  const change = (patch: Partial<QuoteValues>) => {
    setV((cur) => {
      const next = { ...cur, ...patch };
      const p = plans.find((x) => x.id === next.plan);
      if (p && !p.classes.includes(next.class)) next.class = p.classes[0];
      if (p && patch.plan !== undefined) next.headcount = Math.min(Math.max(next.headcount, p.min_insured), p.max_insured);
      return next;
    });
    setLive(true);
  };
  // One price function for quote and order: each class priced on its own, the headcount checked on the sum.
  const mix = mixOf(v);
  const people = Object.values(mix).reduce((s, n) => s + n, 0);
  const problem = plan
    ? (Object.keys(mix)
        .map((c) => premiumProblem(plan, { ...v, class: Number(c), headcount: people }))
        .find(Boolean) ?? null)
    : null;
  const priced = plan && !problem ? mixPremium(plan, v.months, mix) : null;
  const result = plan && !problem ? { ...computePremium(plan, { ...v, headcount: people }), premium: priced?.total ?? 0 } : null;
  const f = o.offer;
  return (
    <>
      <form className="order-quote" method="get" action="/offer" aria-label={f.title}>
        <input type="hidden" name="q" value="1" />
        <div className="field" style={{ gridColumn: '1 / -1' }}>
          <label htmlFor="oq-plan">{f.plan}</label>
          <select id="oq-plan" name="plan" value={v.plan} onChange={(e) => change({ plan: Number(e.target.value) })}>
            {plans.map((p) => (
              <option key={p.id} value={p.id}>
                {p.productName} · {p.planName}
              </option>
            ))}
          </select>
        </div>
        <SelectField
          id="oq-class"
          name="class"
          label={plan?.product === 'anze' ? o.form.band : o.form.class}
          value={v.class}
          onChange={(c) => change({ class: Number(c) })}
          options={(plan?.classes ?? [1, 2, 3, 4, 5, 6]).map((c) => [c, fill(o.form.classN, { n: c })])}
        />
        <div className="field">
          <label htmlFor="oq-headcount">{f.headcount}</label>
          <input
            id="oq-headcount"
            name="headcount"
            type="number"
            min={plan?.min_insured ?? 1}
            max={plan?.max_insured ?? 100000}
            value={v.headcount}
            onChange={(e) => change({ headcount: Math.floor(Number(e.target.value) || 0) })}
          />
        </div>
        <SelectField
          id="oq-months"
          name="months"
          label={o.form.months}
          value={v.months}
          onChange={(m) => change({ months: Number(m) })}
          options={TERM_MONTHS.map((m) => [m, termName(m, o.form)])}
        />
        <details className="quote-mix" style={{ gridColumn: '1 / -1' }} open={Object.keys(v.mix).length > 0 || undefined}>
          <summary>{f.mixTitle}</summary>
          <p className="order-sub">{f.mixHint}</p>
          <div className="quote-mix-grid">
            {(plan?.classes ?? []).map((c) => (
              <div className="field" key={c}>
                <label htmlFor={`oq-mix-${c}`}>{fill(f.mixPeople, { c })}</label>
                <input
                  id={`oq-mix-${c}`}
                  name={`c${c}`}
                  type="number"
                  min={0}
                  value={v.mix[String(c)] ?? ''}
                  onChange={(e) => {
                    const n = Math.max(0, Math.floor(Number(e.target.value) || 0));
                    const next = { ...v.mix };
                    if (n > 0) next[String(c)] = n;
                    else delete next[String(c)];
                    change({ mix: next });
                  }}
                />
              </div>
            ))}
          </div>
        </details>
        <div className="field" style={{ gridColumn: '1 / -1' }}>
          <button type="submit" className="btn btn-primary">
            {f.quote}
          </button>
        </div>
      </form>
      <section className="quote-result" aria-live="polite" aria-labelledby="oq-result">
        <h3 id="oq-result">{f.result}</h3>
        {!live ? (
          <p className="muted">{f.none}</p>
        ) : problem ? (
          <p className="order-field-error" role="alert">
            {f.invalid} {fill(problems[problem.key] ?? problem.key, problem.params ?? {})}
          </p>
        ) : result && plan ? (
          <>
            <p className="quote-figure" data-quote-premium>
              ¥{fenDigits(result.premium)}
            </p>
            {priced && priced.lines.length > 1 ? (
              <ul className="muted quote-lines" data-quote-lines>
                {priced.lines.map((l) => (
                  <li key={l.class} data-class-line={l.class}>
                    {fill(o.form.classLine, { c: l.class, n: l.people, per: fenDigits(l.perPerson), sub: fenDigits(l.subtotal) })}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted">
                {fill(o.form.breakdown, {
                  n: people,
                  per: fenDigits(result.perPerson),
                  annual: fenDigits(result.annual),
                  rate: result.rate,
                })}
              </p>
            )}
            <p>
              <a className="btn btn-primary" href={buyHref(plan, v, loggedIn)} data-action="buy">
                {f.buy}
              </a>
            </p>
            {loggedIn ? null : <p className="order-sub">{f.buyHint}</p>}
          </>
        ) : null}
      </section>
    </>
  );
}
