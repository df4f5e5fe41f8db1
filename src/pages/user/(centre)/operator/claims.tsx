/**
 * /user/operator/claims: the claim review queue — open claims oldest first, counts per status
 * (each a link filtering the queue), the same GET-form filters as the member list. Operator-only
 * (`operator/claims`; a group's '*' never grants it).
 */
import { ClaimList, parseClaimQuery } from '~/components/claim-list';
import { ClaimPage } from '~/components/claim-page';
import { listQueue } from '~/features/claims';
import { getRequestContext } from '~/server/context';
import { getDb } from '~/server/db/client';

export default function OperatorClaimsPage({ query }: { query?: string }) {
  return (
    <ClaimPage
      page="user/operator/claims"
      title={(c) => c.titles.queue}
      render={async ({ view, c }) => {
        if (!getRequestContext().session) return null;
        const { q, ok } = parseClaimQuery(query ?? '');
        const result = await listQueue(getDb(), q, view.site.timezone);
        return (
          <>
            <p className="claim-sub">{c.operator.queueLead}</p>
            <ClaimList
              path="/user/operator/claims"
              detailPath="/user/operator/claimDetail"
              q={q}
              ok={ok}
              result={result}
              locale={view.locale}
              c={c}
              timeZone={view.timeZone}
            />
          </>
        );
      }}
    />
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
