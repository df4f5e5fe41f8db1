/**
 * The Export action of a list page: present only when the member's group holds the page's
 * `export` button rule (removed otherwise); the API checks the same rule on every call.
 */
import { ApiButton } from './api-button';
import { Auth } from './auth';
import type { Translator } from '~/lib/i18n';

export function ExportButton({ page, t }: { page: string; t: Translator }) {
  return (
    <Auth action="export">
      <ApiButton url={`/userapi/v1/order/export?type=${encodeURIComponent(page)}`} label={t('actions.export')} className="btn btn-ghost" />
    </Auth>
  );
}
