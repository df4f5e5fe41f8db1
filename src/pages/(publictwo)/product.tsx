/** Product list: the four products as cards with who they are for, pricing basis and list needs. */
import { Icon } from '~/components/icon';
import { PageBand } from '~/components/page-band';
import { PRODUCTS } from '~/components/products';
import { pageContext } from '~/components/page-context';

export default async function Product() {
  const { view, t } = await pageContext('product');
  return (
    <>
      <PageBand title={t('title')} lead={t('lead')} siteName={view.site.siteName} />
      <div className="container section">
        <ul className="card-grid product-grid">
          {PRODUCTS.map((p) => (
            <li key={p.key} className="card product-card">
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
              <div className="product-card-actions">
                <a href={p.href} className="btn btn-primary btn-sm">
                  {t('cta')}
                </a>
                <a href="/offer" className="btn btn-ghost btn-sm">
                  {t('action.getQuote')}
                </a>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
