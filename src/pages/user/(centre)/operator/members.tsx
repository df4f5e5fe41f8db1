/** /user/operator/members (operator console, issue #14): rendered by the operator feature's page component. */
import { MembersPage } from '~/features/operator';

export default function OperatorMembersPage({ query }: { query?: string }) {
  return <MembersPage query={query ?? ''} />;
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
