/**
 * The one script every page loads (decision 0011). Pages are server-rendered documents; links
 * are ordinary navigations (the server runs the navigation pipeline on every document request)
 * and only island boundaries hydrate and behaviours wire up, each with its own script. This script does what belongs to
 * the page rather than to an island, without any UI library:
 * - toasts and the loading indicator of src/lib/notify.ts (notify-view.ts), with the toasts the
 *   previous page handed over when it reloaded or moved on after a write;
 * - `a[data-nav]` links: the pre-navigation checks (route validation, rule redirects, unknown
 *   menu types; spec §2, §4) and the progress bar until the next page shows (nav-anchors.ts);
 * - Escape and outside clicks close header dropdowns (dropdowns.ts);
 * - the language and theme switches answer in the page (prefs-forms.ts);
 * - the `ba-tz` time-zone cookie (time-zone-cookie.ts);
 * - an island script that fails to load reloads the page, at most once in 10 s (spec §4);
 * - `<html data-nav-ready>` once this ran and every island and behaviour is live (src/lib/islands/ready.ts),
 *   and `window.__portalNav.navigate` for tests.
 */
import { installDropdownAutoclose } from '../dropdowns';
import { pageSettled } from '../islands/ready';
import { installChunkReload, installNavAnchors, navigate, restoreCarriedToasts, settleOnPageShow } from '../navigation/browser';
import { mountNotifications } from '../notify-view';
import { installPrefForms } from '../prefs-forms';
import { syncTimeZoneCookie } from '../time-zone-cookie';

/** Wires the page; returns the function that removes the listeners (tests). */
export function startPage(doc: Document): () => void {
  const win = doc.defaultView ?? window;
  syncTimeZoneCookie();
  const stops = [
    mountNotifications(doc),
    installDropdownAutoclose(doc),
    installPrefForms(doc),
    installNavAnchors(doc),
    installChunkReload(win),
    settleOnPageShow(win),
  ];
  restoreCarriedToasts();
  (win as unknown as { __portalNav?: unknown }).__portalNav = { navigate };
  doc.documentElement.dataset.pageRuntime = 'true';
  pageSettled(doc);
  return () => {
    for (const stop of stops) stop();
    delete doc.documentElement.dataset.pageRuntime;
  };
}

if (typeof document !== 'undefined' && !document.documentElement.dataset.pageRuntime) startPage(document);
