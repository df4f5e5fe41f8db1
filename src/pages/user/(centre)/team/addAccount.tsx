/** /user/team/addAccount: add a sub-account, or with `?id=` edit one (issue #12). */
import type { PageProps } from 'waku/router';
import { PageFrame } from '~/ui';
import { TeamAccountEditor } from '~/components/team-account-editor';

export default function TeamAddAccountPage({ query }: PageProps<'/user/team/addAccount'>) {
  // Editing names the sub-account in the heading itself (the editor renders it).
  const editing = new URLSearchParams(query ?? '').has('id');
  return <PageFrame page="user/team/addAccount" bare={editing} render={({ t }) => <TeamAccountEditor query={query ?? ''} t={t} />} />;
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
