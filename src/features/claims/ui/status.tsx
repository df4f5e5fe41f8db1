/** A claim's status as a coloured badge, in the page's language. */
import type { ClaimStatus } from '../schemas';
import type { Locale } from '~/lib/types';
import { claimMessage } from '../texts';

export function ClaimStatusBadge({ status, locale }: { status: ClaimStatus; locale: Locale }) {
  return (
    <span className={`badge claim-status claim-status-${status}`} data-status={status}>
      {claimMessage(locale, `claim.statuses.${status}`)}
    </span>
  );
}
