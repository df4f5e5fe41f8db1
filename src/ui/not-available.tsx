/** The honest "not available yet" notice for pages whose business features are not built. */
import { Notice } from './notice';
import type { Translator } from '~/lib/i18n';

export function NotAvailable({ t, summary }: { t: Translator; summary?: string }) {
  return (
    <Notice kind="warning" title={t('notice.notAvailableTitle')} role="status">
      {summary ? (
        <p>
          <span className="notice-label">{t('notice.plannedLabel')}</span> {summary}
        </p>
      ) : null}
      <p className="muted">{t('notice.notAvailableBody')}</p>
    </Notice>
  );
}
