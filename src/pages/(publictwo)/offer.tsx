/** Instant quote: how a quote is worked out, and an honest notice that the calculator is not open yet. */
import { Icon } from '~/components/icon';
import { Notice } from '~/components/notice';
import { PageBand } from '~/components/page-band';
import { pageContext } from '~/components/page-context';
import { NavLink } from '~/islands/nav-link';

export default async function Offer() {
  const { view, t } = await pageContext('offer');
  const steps = ['product', 'class', 'people'] as const;
  return (
    <>
      <PageBand title={t('title')} lead={t('lead')} siteName={view.site.siteName} />
      <div className="container section offer-layout">
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
        </section>
        <section className="card" aria-labelledby="offer-calc">
          <h2 id="offer-calc">
            <Icon name="calculator" size={20} /> {t('calcTitle')}
          </h2>
          <Notice kind="warning" title={t('notice.notAvailableTitle')} role="status">
            <p>{t('calcNotice')}</p>
          </Notice>
          <p className="card-actions">
            <NavLink to="/product" className="btn btn-primary" match="none">
              {t('toProducts')}
            </NavLink>
            {view.openMemberCenter ? (
              <a href="/user" className="btn btn-ghost">
                {t('nav.memberCenter')}
              </a>
            ) : null}
          </p>
        </section>
      </div>
    </>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
