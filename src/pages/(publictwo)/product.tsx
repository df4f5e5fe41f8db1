/**
 * Product list: a card per product (who it is for, pricing basis, list needs, plans and the
 * lowest price) and a plan comparison table (limits, classes, ages, sizes, annual price from),
 * read from the live catalogue, so operators' price edits show here at once.
 */
import '~/components/order-page.css';
import { Icon } from '~/ui/icon';
import { PageBand } from '~/ui/page-band';
import { pageContext } from '~/ui/page-context';
import { fill, orderText } from '~/components/order-text';
import { PRODUCTS } from '~/components/products';
import { listProducts } from '~/features/products';
import { formatMoney } from '~/lib/format';
import { fenToYuan } from '~/lib/money';
import { getDb } from '~/server/db/client';

const yuan = (fen: number) => formatMoney(fenToYuan(fen));

export default async function Product() {
  const { view, t } = await pageContext('product');
  const o = orderText(view.locale);
  const en = view.locale === 'en';
  const catalogue = await listProducts(getDb());
  const lowest = (code: string) => {
    const prices = catalogue.find((p) => p.code === code)?.plans.flatMap((pl) => Object.values(pl.annual)) ?? [];
    return prices.length ? Math.min(...prices) : null;
  };
  return (
    <>
      <PageBand title={t('title')} lead={t('lead')} siteName={view.site.siteName} />
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
                    <dt>{t('forLabel')}</dt>
                    <dd>{t(['detail', p.key, 'for'])}</dd>
                  </div>
                  <div>
                    <dt>{t('pricingLabel')}</dt>
                    <dd>{t(['detail', p.key, 'pricing'])}</dd>
                  </div>
                  <div>
                    <dt>{t('list')}</dt>
                    <dd>{t(['detail', p.key, 'list'])}</dd>
                  </div>
                </dl>
                {product ? (
                  <p>
                    <span className="muted">{fill(o.catalogue.plans, { n: product.plans.length })} · </span>
                    {from !== null ? <span className="product-price">{fill(o.catalogue.from, { price: yuan(from) })}</span> : null}
                  </p>
                ) : null}
                <div className="product-card-actions">
                  <a href={`/offer?plan=${product?.plans[0]?.id ?? ''}`} className="btn btn-primary btn-sm">
                    {t('action.getQuote')}
                  </a>
                  <a href={p.href} className="btn btn-ghost btn-sm">
                    {t('cta')}
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
          <div className="product-compare">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">{o.offer.plan}</th>
                  <th scope="col">{o.catalogue.limits}</th>
                  <th scope="col">{o.catalogue.classes}</th>
                  <th scope="col">{o.catalogue.ages}</th>
                  <th scope="col">{o.catalogue.size}</th>
                  <th scope="col">{o.catalogue.named}</th>
                  <th scope="col" className="num">
                    {o.catalogue.price}
                  </th>
                  <th scope="col">
                    <span className="sr-only">{o.catalogue.quote}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {catalogue.flatMap((p) =>
                  p.plans.map((pl) => {
                    const prices = Object.values(pl.annual);
                    return (
                      <tr key={pl.id} data-plan={pl.id}>
                        <th scope="row">
                          {en && p.name_en ? p.name_en : p.name}
                          <span className="order-sub">{en && pl.name_en ? pl.name_en : pl.name}</span>
                        </th>
                        <td>
                          <ul>
                            {pl.limits.map((l) => (
                              <li key={l.label}>
                                {en && l.label_en ? l.label_en : l.label} ¥{yuan(l.amount)}
                              </li>
                            ))}
                          </ul>
                        </td>
                        <td className="nowrap">
                          {Math.min(...pl.classes)}–{Math.max(...pl.classes)}
                        </td>
                        <td className="nowrap">
                          {pl.age_min}–{pl.age_max}
                        </td>
                        <td className="nowrap">
                          {pl.min_insured === pl.max_insured ? pl.min_insured : `${pl.min_insured}–${pl.max_insured}`}
                        </td>
                        <td className="nowrap">{pl.named_list ? o.catalogue.namedYes : o.catalogue.namedNo}</td>
                        <td className="num nowrap">{prices.length ? fill(o.catalogue.from, { price: yuan(Math.min(...prices)) }) : '—'}</td>
                        <td className="nowrap">
                          <a className="btn btn-ghost btn-sm" href={`/offer?plan=${pl.id}`}>
                            {o.catalogue.quote}
                          </a>
                        </td>
                      </tr>
                    );
                  }),
                )}
              </tbody>
            </table>
          </div>
        </section>
      </div>
    </>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
