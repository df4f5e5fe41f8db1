/**
 * Instant quote: a plain GET form (plan, class, headcount, term) that the server answers with the
 * premium and its breakdown, updating live once JavaScript runs; Buy goes through login to the
 * prefilled order form. The quote uses the same function as the quote API and the order.
 */
import { PageBand } from '~/ui/page-band';
import { pageContext } from '~/ui/page-context';
import { orderText } from '~/components/order-text';
import { apiMessage } from '~/features/_shared/messages';
import { listProducts, snapshotOf } from '~/features/products';
import { OrderQuote, type QuotePlan, type QuoteValues } from '~/islands/order-quote';
import { getDb } from '~/server/db/client';

export default async function Offer({ query }: { query?: string }) {
  const { view, t } = await pageContext('offer');
  const o = orderText(view.locale);
  const en = view.locale === 'en';
  const products = await listProducts(getDb());
  const plans: QuotePlan[] = products.flatMap((p) =>
    p.plans.map((pl) => ({
      ...snapshotOf(pl),
      productName: en && p.name_en ? p.name_en : p.name,
      planName: en && pl.name_en ? pl.name_en : pl.name,
    })),
  );
  const params = new URLSearchParams(query ?? '');
  const int = (k: string, d: number) => {
    const n = Number(params.get(k));
    return params.has(k) && Number.isFinite(n) ? Math.floor(n) : d;
  };
  const first = plans.find((p) => p.id === int('plan', 0)) ?? plans[0];
  const initial: QuoteValues = {
    plan: first?.id ?? 0,
    class: int('class', first?.classes[0] ?? 1),
    headcount: int('headcount', first?.min_insured ?? 1),
    months: int('months', 12),
    mix: Object.fromEntries((first?.classes ?? []).map((c) => [String(c), int(`c${c}`, 0)]).filter(([, n]) => Number(n) > 0)) as Record<
      string,
      number
    >,
  };
  const problems = Object.fromEntries(
    ['product.classNotAllowed', 'product.headcountRange', 'product.monthsInvalid'].map((k) => [k, apiMessage(view.locale, k)]),
  );
  const steps = ['product', 'class', 'people'] as const;
  return (
    <>
      <PageBand title={o.offer.title} lead={o.offer.lead} siteName={view.site.siteName} />
      <div className="container section offer-layout">
        <section className="card" aria-labelledby="offer-calc">
          <h2 id="offer-calc">{t('calcTitle')}</h2>
          <OrderQuote
            plans={plans}
            initial={initial}
            submitted={params.has('q') || params.has('plan')}
            loggedIn={Boolean(view.user)}
            problems={problems}
            o={{ offer: o.offer, form: o.form }}
          />
        </section>
        <section className="card" aria-labelledby="offer-how">
          <h2 id="offer-how">{t('howTitle')}</h2>
          <ol className="steps">
            {steps.map((s, i) => (
              <li key={s}>
                <span className="step-no" aria-hidden="true">
                  {i + 1}
                </span>
                <p>{t(['how', s])}</p>
              </li>
            ))}
          </ol>
          <p className="card-actions">
            <a href="/product" className="btn btn-ghost">
              {t('toProducts')}
            </a>
          </p>
        </section>
      </div>
    </>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
