/**
 * /user/team/teamMange: the owner's sub-accounts, filters and pages in the URL (issue #12). A
 * sub-account never holds team rules (they are not grantable), so PageFrame refuses it.
 */
import type { PageProps } from 'waku/router';
import { PageFrame } from '~/ui';
import { TeamList } from '~/components/team-list';

export default function TeamTeamMangePage({ query }: PageProps<'/user/team/teamMange'>) {
  return <PageFrame page="user/team/teamMange" render={({ view, t }) => <TeamList query={query ?? ''} t={t} timeZone={view.timeZone} />} />;
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
