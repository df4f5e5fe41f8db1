/** /user/operator/topups (issue #8): the operator's review of members' top-up requests. */
import { AccountReview } from '~/components/account-review';

export default function OperatorTopupsPage({ query }: { query?: string }) {
  return <AccountReview query={query ?? ''} />;
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
