/**
 * Product list: a card per product (who it is for, pricing basis, list needs, plans and the
 * lowest price) and a plan comparison table (limits, classes, ages, sizes, annual price from),
 * read from the live catalogue, so operators' price edits show here at once.
 */
import './products.css';
import { DataTable } from '~/ui';
import { Icon } from '~/ui/icon';
import { PageBand } from '~/ui/page-band';
import { pageContext } from '~/ui/page-context';
import { fill, productText } from '../texts';
import { PRODUCTS } from './catalogue';
import { listProducts } from '../service';
import { fenDigits } from '~/lib/format';
import { getDb } from '~/server/db/client';

export async function CataloguePage() {
  const { view, t } = await pageContext();
  const o = productText(view.locale);
  const pt = o.product;
  const en = view.locale === 'en';
  const catalogue = await listProducts(getDb());
  const lowest = (code: string) => {
    const prices = catalogue.find((p) => p.code === code)?.plans.flatMap((pl) => Object.values(pl.annual)) ?? [];
    return prices.length ? Math.min(...prices) : null;
  };
  return (
    <>
      <PageBand title={pt.title} lead={pt.lead} siteName={view.site.siteName} />
      <div className="container section product-page">
        <ul className="card-grid product-grid">
          {PRODUCTS.map((p) => {
            const product = catalogue.find((c) => c.code === p.key);
            const from = lowest(p.key);
            return (
              <li key={p.key} className="card product-card" data-product={p.key}>
                <div className="product-card-head">
                  <span className="product-icon">
                    <Icon name={p.icon} size={24} />
                  </span>
                  <h2>{t(['products', p.key, 'name'])}</h2>
                </div>
                <p>{t(['products', p.key, 'short'])}</p>
                <dl className="facts">
                  <div>
                    <dt>{pt.forLabel}</dt>
                    <dd>{pt.detail[p.key].for}</dd>
                  </div>
                  <div>
                    <dt>{pt.pricingLabel}</dt>
                    <dd>{pt.detail[p.key].pricing}</dd>
                  </div>
                  <div>
                    <dt>{pt.list}</dt>
                    <dd>{pt.detail[p.key].list}</dd>
                  </div>
                </dl>
                {product ? (
                  <p>
                    <span className="muted">{fill(o.catalogue.plans, { n: product.plans.length })} · </span>
                    {from !== null ? <span className="product-price">{fill(o.catalogue.from, { price: fenDigits(from) })}</span> : null}
                  </p>
                ) : null}
                <div className="product-card-actions">
                  <a href={`/offer?plan=${product?.plans[0]?.id ?? ''}`} className="btn btn-primary btn-sm">
                    {t('action.getQuote')}
                  </a>
                  <a href={p.href} className="btn btn-ghost btn-sm">
                    {pt.cta}
                  </a>
                </div>
              </li>
            );
          })}
        </ul>
        <section className="card" aria-labelledby="compare-title">
          <h2 id="compare-title" className="card-title">
            {o.catalogue.compare}
          </h2>
          <DataTable
            scrollClass="product-compare"
            rows={catalogue.flatMap((p) => p.plans.map((pl) => ({ p, pl, prices: Object.values(pl.annual) })))}
            rowKey={({ pl }) => pl.id}
            rowAttrs={({ pl }) => ({ 'data-plan': pl.id })}
            columns={[
              {
                head: o.offer.plan,
                rowHeader: true,
                cell: ({ p, pl }) => (
                  <>
                    {en && p.name_en ? p.name_en : p.name}
                    <span className="order-sub">{en && pl.name_en ? pl.name_en : pl.name}</span>
                  </>
                ),
              },
              {
                head: o.catalogue.limits,
                label: o.catalogue.limits,
                cellClass: 'pc-limits',
                cell: ({ pl }) => (
                  <ul>
                    {pl.limits.map((l) => (
                      <li key={l.label}>
                        {en && l.label_en ? l.label_en : l.label} ¥{fenDigits(l.amount)}
                      </li>
                    ))}
                  </ul>
                ),
              },
              {
                head: o.catalogue.classes,
                label: o.catalogue.classes,
                cellClass: 'nowrap',
                cell: ({ pl }) => (
                  <>
                    {Math.min(...pl.classes)}–{Math.max(...pl.classes)}
                  </>
                ),
              },
              {
                head: o.catalogue.ages,
                label: o.catalogue.ages,
                cellClass: 'nowrap',
                cell: ({ pl }) => (
                  <>
                    {pl.age_min}–{pl.age_max}
                  </>
                ),
              },
              {
                head: o.catalogue.size,
                label: o.catalogue.size,
                cellClass: 'nowrap',
                cell: ({ pl }) => (pl.min_insured === pl.max_insured ? pl.min_insured : `${pl.min_insured}–${pl.max_insured}`),
              },
              {
                head: o.catalogue.named,
                label: o.catalogue.named,
                cellClass: 'nowrap',
                cell: ({ pl }) => (pl.named_list ? o.catalogue.namedYes : o.catalogue.namedNo),
              },
              {
                head: o.catalogue.price,
                label: o.catalogue.price,
                headClass: 'num',
                cellClass: 'num nowrap pc-price',
                cell: ({ prices }) => (prices.length ? fill(o.catalogue.from, { price: fenDigits(Math.min(...prices)) }) : '—'),
              },
              {
                head: <span className="sr-only">{o.catalogue.quote}</span>,
                cellClass: 'nowrap pc-quote',
                cell: ({ pl }) => (
                  <a className="btn btn-ghost btn-sm" href={`/offer?plan=${pl.id}`}>
                    {o.catalogue.quote}
                  </a>
                ),
              },
            ]}
          />
        </section>
      </div>
    </>
  );
}
