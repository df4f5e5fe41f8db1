/**
 * /user/team/allocation: move balance between the owner and a sub-account, and the history
 * (issue #12). The spec's English set has no bundle for this page, so the page carries its own
 * strings in both languages (i18n/<locale>/user/team/allocation.ts) rather than the shared map.
 */
import type { PageProps } from 'waku/router';
import en from '../../../../../i18n/en/user/team/allocation';
import zh from '../../../../../i18n/zh-cn/user/team/allocation';
import { PageFrame } from '~/ui';
import { TeamAllocation } from '~/components/team-allocation';
import { createT } from '~/lib/i18n';

export default function TeamAllocationPage({ query }: PageProps<'/user/team/allocation'>) {
  return (
    <PageFrame
      page="user/team/allocation"
      render={({ view, t }) => (
        <TeamAllocation
          query={query ?? ''}
          t={createT(view.locale, view.locale === 'en' ? en : zh)}
          common={t}
          timeZone={view.timeZone}
          siteTimeZone={view.site.timezone}
        />
      )}
    />
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
