/** /user/operator/rules (operator console, issue #14): rendered by the operator feature's page component. */
import { RulesPage } from '~/features/operator';

export default function OperatorRulesPage({ query }: { query?: string }) {
  return <RulesPage query={query ?? ''} />;
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
