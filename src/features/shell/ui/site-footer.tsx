/** Footer: copyright, broker note and the ICP registration number. */
import type { Translator } from '~/lib/i18n';
import type { SiteInfo } from '~/lib/types';

export function SiteFooter({ t, site, compact = false }: { t: Translator; site: SiteInfo; compact?: boolean }) {
  const year = new Date().getFullYear();
  return (
    <footer className={compact ? 'site-footer compact' : 'site-footer'}>
      <div className="site-footer-inner">
        <p>{t('footer.copyright', { year, siteName: site.siteName })}</p>
        {compact ? null : <p className="muted">{t('footer.rights')}</p>}
        {site.recordNumber ? (
          <p>
            <a href="https://beian.miit.gov.cn/" target="_blank" rel="noopener noreferrer" translate="no">
              {site.recordNumber}
            </a>
          </p>
        ) : null}
      </div>
    </footer>
  );
}
