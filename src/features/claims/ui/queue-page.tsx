/**
 * /user/operator/claims: the claim review queue — open claims oldest first, counts per status
 * (each a link filtering the queue), the same GET-form filters as the member list. Operator-only
 * (`operator/claims`; a group's '*' never grants it).
 */
import './claims.css';
import { PageFrame } from '~/ui';
import { claimText } from '../texts';

import { ClaimList } from './list-view';
import { listQueue } from '../queries';
import { getRequestContext } from '~/server/context';
import { getDb } from '~/server/db/client';

export function OperatorClaimsPage({ query }: { query?: string }) {
  return (
    <PageFrame
      page="user/operator/claims"
      title={({ view }) => claimText(view.locale).titles.queue}
      render={async ({ view }) => {
        const c = claimText(view.locale);
        if (!getRequestContext().session) return null;
        return (
          <>
            <p className="claim-sub">{c.operator.queueLead}</p>
            <ClaimList list="operator" query={query ?? ''} load={(q) => listQueue(getDb(), q, view.site.timezone)} view={view} c={c} />
          </>
        );
      }}
    />
  );
}
