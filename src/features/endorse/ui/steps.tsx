/**
 * Where an endorsement stands (issue #29): submitted → with the insurer → approved, or rejected /
 * withdrawn after the step it reached (voided: approved, then the policy was surrendered before it
 * took effect); the date under each step reached, from the endorsement's timeline. A draft stands
 * at "submitted", not yet reached.
 */
import type { EndorseDetail } from './items';
import type { EndorseText } from '../texts';
import { formatDate } from '~/lib/format';
import { type LifecycleStep, LifecycleSteps, stepAt } from '~/ui/steps';

export const ENDORSE_STEPS: readonly LifecycleStep[] = [
  { key: 'submitted', statuses: ['draft'] },
  { key: 'insurer', statuses: ['submitted'] },
  { key: 'approved', statuses: ['approved'] },
];

/** Rejected by the insurer; withdrawn (cancelled) from a draft or while with the insurer; voided after approval. */
export const ENDORSE_FAILURES = { rejected: 'insurer', cancelled: null, voided: 'approved' } as const;

/** Where an endorsement in `status` stands, given the statuses it went through (oldest first). */
export const endorseStepAt = (status: string, history: readonly string[] = []) => stepAt(ENDORSE_STEPS, status, ENDORSE_FAILURES, history);

export function EndorseSteps({ detail, text, timeZone }: { detail: EndorseDetail; text: EndorseText; timeZone: string }) {
  const e = detail.endorsement;
  const day = (t: number | undefined) => (t ? formatDate(t, 'YYYY-MM-DD', timeZone) : null);
  const first = (to: string) => day(detail.timeline.find((x) => x.to === to)?.created_at);
  const submitted = first('submitted');
  const dates: Record<string, string | null> = { submitted, insurer: submitted, approved: first('approved') };
  return (
    <div className="card endorse-lifecycle">
      <LifecycleSteps
        steps={ENDORSE_STEPS}
        words={text.detail.steps}
        dates={dates}
        at={endorseStepAt(e.status, ['draft', ...detail.timeline.map((x) => x.to)])}
        status={e.status}
        failure={() => ({
          label:
            e.status === 'cancelled' && e.submitted_at !== null
              ? text.withdraw.badge
              : (text.status[e.status as keyof typeof text.status] ?? e.status),
          date: first(e.status),
        })}
      />
    </div>
  );
}
