/** /user/operator/memberDetail (operator console, issue #14): rendered by the operator feature's page component. */
import { MemberDetailPage } from '~/features/operator';

export default function OperatorMemberDetailPage({ query }: { query?: string }) {
  return <MemberDetailPage query={query ?? ''} />;
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
