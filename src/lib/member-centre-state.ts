/**
 * The member centre's client state (spec §3), as far as the browser needs it, in a valtio store:
 * the rest of §3 (userMenus, navUserMenus, authNode, showHeadline) is decided on the server and
 * arrives as markup.
 *
 * - `activeRoute`: the path on screen, set after every navigation (the sidebar's `aria-current`
 *   follows it);
 * - `open`: the drawer / header menu of narrow screens (the `input[data-collapse]` toggles),
 *   closed after every navigation (spec §2: the menu collapses after navigation);
 * - `menuExpand`: the header dropdowns (`details[data-autoclose]`) that are open.
 */
import { proxy } from 'valtio/vanilla';

export const memberCentreState = proxy({
  activeRoute: '',
  open: false,
  menuExpand: false,
});

/** After a navigation to `path`: it is the active route, and the drawer and dropdowns close. */
export function navigated(path: string): void {
  memberCentreState.activeRoute = path;
  memberCentreState.open = false;
  memberCentreState.menuExpand = false;
}
