/** /user/operator/seals (issue #13): the operator's review of members' seals. */
import { SealReview } from '~/components/seal-review';

export default function OperatorSealsPage({ query }: { query?: string }) {
  return <SealReview query={query ?? ''} />;
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
