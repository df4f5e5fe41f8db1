/** /user/operator/settings (operator console, issue #14): rendered by the operator feature's page component. */
import { SettingsPage } from '~/features/operator';

export default function OperatorSettingsPage({ query }: { query?: string }) {
  return <SettingsPage query={query ?? ''} />;
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
