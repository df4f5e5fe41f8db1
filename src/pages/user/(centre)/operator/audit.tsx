/** /user/operator/audit (operator console, issue #14): rendered by the operator feature's page component. */
import { AuditPage } from '~/features/operator';

export default function OperatorAuditPage({ query }: { query?: string }) {
  return <AuditPage query={query ?? ''} />;
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
