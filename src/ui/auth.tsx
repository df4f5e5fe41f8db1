/**
 * Permission-guarded content (spec §6, the reference's `v-auth`): renders its children only when
 * the member's group holds the action for the current page, and otherwise renders nothing at
 * all — the element is absent from the HTML, not hidden. The API checks the same rule.
 */
import type { ReactNode } from 'react';
import { checkAuth } from '~/lib/member-centre';
import { getPortalView } from '~/server/portal';

export async function Auth({ action, children }: { action: string | { name: string; subNodeName?: string }; children: ReactNode }) {
  const view = await getPortalView();
  return checkAuth(view.centre.authNode, view.path, action) ? children : null;
}
