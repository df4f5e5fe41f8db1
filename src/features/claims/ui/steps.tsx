/**
 * Where a claim stands (issue #29): reported → documents → review → settled, or rejected / withdrawn
 * after the step it reached; the date under each step reached, from the claim's timeline. A claim
 * just reported is at the documents step (the member completes them until review starts); a
 * request for more documents takes it back there.
 */
import type { ClaimDetail } from '../queries';
import type { ClaimStatus } from '../schemas';
import { type claimText, claimMessage } from '../texts';
import { formatDate } from '~/lib/format';
import type { Locale } from '~/lib/types';
import { type LifecycleStep, LifecycleSteps, stepAt } from '~/ui/steps';

export const CLAIM_STEPS: readonly LifecycleStep[] = [
  { key: 'reported', statuses: [] },
  { key: 'documents', statuses: ['reported', 'need_documents'] },
  { key: 'review', statuses: ['reviewing', 'approved'] },
  { key: 'settled', statuses: ['paid'] },
];

/** Rejected ends after review; a withdrawal after the step of the status it was withdrawn from. */
export const CLAIM_FAILURES = { rejected: 'review', withdrawn: null } as const;

/** Where a claim in `status` stands, given the statuses it went through (oldest first). */
export const claimStepAt = (status: ClaimStatus, history: readonly string[] = []) => stepAt(CLAIM_STEPS, status, CLAIM_FAILURES, history);

export function ClaimSteps({
  detail,
  locale,
  timeZone,
  c,
}: {
  detail: ClaimDetail;
  locale: Locale;
  timeZone: string;
  c: ReturnType<typeof claimText>;
}) {
  const { claim, timeline } = detail;
  const day = (t: number | undefined) => (t ? formatDate(t, 'YYYY-MM-DD', timeZone) : null);
  const first = (...to: string[]) => day(timeline.find((e) => to.includes(e.to))?.created_at);
  const dates: Record<string, string | null> = {
    reported: day(claim.created_at),
    documents: first('need_documents') ?? day(claim.created_at),
    review: first('reviewing'),
    settled: first('paid'),
  };
  return (
    <div className="card claim-lifecycle">
      <LifecycleSteps
        steps={CLAIM_STEPS}
        words={c.detail.steps}
        dates={dates}
        at={claimStepAt(claim.status, ['reported', ...timeline.map((e) => e.to)])}
        status={claim.status}
        failure={() => ({ label: claimMessage(locale, `claim.statuses.${claim.status}`), date: first(claim.status) })}
      />
    </div>
  );
}
