/** /user/team/addAccount: add a sub-account, or with `?id=` edit one (issue #12). */
import type { PageProps } from 'waku/router';
import { MemberPage } from '~/components/member-page';
import { TeamAccountEditor } from '~/components/team-account-editor';

export default function TeamAddAccountPage({ query }: PageProps<'/user/team/addAccount'>) {
  return <MemberPage page="user/team/addAccount" render={({ t }) => <TeamAccountEditor query={query ?? ''} t={t} />} />;
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
