/**
 * The team area's page bodies (issue #12), rendered by the route files under
 * `src/pages/user/(centre)/team/`.
 */
import './team.css';
import { PageFrame } from '~/ui';
import { teamText } from '../texts';
import { TeamAccountEditor } from './account-editor';
import { TeamAllocation } from './allocation';
import { TeamList } from './list';

/**
 * /user/team/teamMange: the owner's sub-accounts, filters and pages in the URL. A sub-account
 * never holds team rules (they are not grantable), so PageFrame refuses it.
 */
export function TeamListPage({ query }: { query?: string }) {
  return (
    <PageFrame
      page="user/team/teamMange"
      title={({ view }) => teamText(view.locale).titles.list}
      render={({ view, t }) => <TeamList query={query ?? ''} tx={teamText(view.locale)} common={t} timeZone={view.timeZone} />}
    />
  );
}

/** /user/team/addAccount: add a sub-account, or with `?id=` edit one. */
export function TeamAddAccountPage({ query }: { query?: string }) {
  // Editing names the sub-account in the heading itself (the editor renders it).
  const editing = new URLSearchParams(query ?? '').has('id');
  return (
    <PageFrame
      page="user/team/addAccount"
      title={({ view }) => teamText(view.locale).titles.add}
      bare={editing}
      render={({ view, t }) => <TeamAccountEditor query={query ?? ''} tx={teamText(view.locale)} common={t} />}
    />
  );
}

/** /user/team/allocation: move balance between the owner and a sub-account, and the history. */
export function TeamAllocationPage({ query }: { query?: string }) {
  return (
    <PageFrame
      page="user/team/allocation"
      title={({ view }) => teamText(view.locale).titles.allocation}
      render={({ view, t }) => (
        <TeamAllocation
          query={query ?? ''}
          tx={teamText(view.locale)}
          common={t}
          timeZone={view.timeZone}
          siteTimeZone={view.site.timezone}
        />
      )}
    />
  );
}
