/** Home: hero with the site name and tagline, member-centre button, product teasers, why us. */
import { HeroArt } from '~/features/shell/ui';
import { Icon } from '~/ui/icon';
import { PageTitle } from '~/ui/page-title';
import { PRODUCTS } from '~/features/products/ui';
import { pageContext } from '~/ui/page-context';
import { NavAnchor } from '~/ui/nav-anchor';
import type { ReactNode } from 'react';

/** A band of the home page: its heading (and lead) over its content; `alt` takes the alternate background. */
function HomeSection({ id, title, lead, alt, children }: { id: string; title: string; lead?: string; alt?: boolean; children: ReactNode }) {
  return (
    <section className={alt ? 'section section-alt' : 'section'} aria-labelledby={id}>
      <div className="container">
        <div className="section-head">
          <h2 id={id}>{title}</h2>
          {lead === undefined ? null : <p className="muted">{lead}</p>}
        </div>
        {children}
      </div>
    </section>
  );
}

export default async function Home() {
  const { view, t } = await pageContext('index');
  const why = [
    { key: 'quote', icon: 'calculator' as const },
    { key: 'list', icon: 'users' as const },
    { key: 'claim', icon: 'heartPulse' as const },
  ];
  return (
    <>
      <PageTitle page={t('title')} siteName={view.site.siteName} />
      <section className="hero">
        <div className="container hero-inner">
          <div className="hero-copy">
            <p className="eyebrow">{t('eyebrow')}</p>
            <h1 className="hero-title">{view.site.siteName}</h1>
            <p className="hero-tagline">{t('site.tagline')}</p>
            <p className="hero-lead">{t('heroLead')}</p>
            <div className="hero-actions">
              {view.openMemberCenter ? (
                <a href="/user" className="btn btn-light btn-lg">
                  {t('nav.memberCenter')}
                  <Icon name="arrowRight" />
                </a>
              ) : null}
              <NavAnchor to="/offer" className="btn btn-outline-light btn-lg" match="none">
                {t('action.getQuote')}
              </NavAnchor>
            </div>
          </div>
          <HeroArt />
        </div>
      </section>

      <HomeSection id="home-products" title={t('productsTitle')} lead={t('productsLead')}>
        <ul className="card-grid product-teasers">
          {PRODUCTS.map((p) => (
            <li key={p.key} className="card product-teaser">
              <span className="product-icon">
                <Icon name={p.icon} size={24} />
              </span>
              <h3>{t(['products', p.key, 'name'])}</h3>
              <p className="muted">{t(['products', p.key, 'short'])}</p>
            </li>
          ))}
        </ul>
        <p className="section-more">
          <NavAnchor to="/product" className="link-arrow" match="none">
            {t('action.viewAll')}
            <Icon name="arrowRight" size={16} />
          </NavAnchor>
        </p>
      </HomeSection>

      <HomeSection id="home-why" title={t('whyTitle')} alt>
        <ul className="why-grid">
          {why.map((w) => (
            <li key={w.key} className="why-item">
              <span className="why-icon">
                <Icon name={w.icon} size={22} />
              </span>
              <div>
                <h3>{t(['why', w.key, 'title'])}</h3>
                <p className="muted">{t(['why', w.key, 'body'])}</p>
              </div>
            </li>
          ))}
        </ul>
      </HomeSection>
    </>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
