/** /user/operator/groups (operator console, issue #14): rendered by the operator feature's page component. */
import { GroupsPage } from '~/features/operator';

export default function OperatorGroupsPage({ query }: { query?: string }) {
  return <GroupsPage query={query ?? ''} />;
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
