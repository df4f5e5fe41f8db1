/**
 * The one script of a plain page: a page that declares it has nothing to hydrate (`<PlainPage>`,
 * src/components/plain-page.tsx) is served without React, Waku's router and the inline RSC
 * payload (src/server/http/plain-page.ts), so its links are ordinary navigations (the server runs
 * the navigation pipeline on every document request). This script keeps what the root layout's
 * islands would have done there:
 * - the `ba-tz` time-zone cookie (TimeZoneSync);
 * - Escape and outside clicks close header dropdowns (CollapseOnNavigate);
 * - the language and theme switches answer in the page, as on every page (src/lib/prefs-forms.ts);
 * - a menu entry of an unknown type shows spec §2's error toast and goes nowhere (nav-anchors.ts);
 * - `<html data-nav-ready>` once it runs, as the full runtime does after hydration;
 * and what a plain page's own markup asks for: /verify's file comparison (`[data-seal-verify]`,
 * verify-file.ts).
 *
 * Built on its own by scripts/post-build.ts (nothing shared with the React bundle); the texts it
 * shows come from the marker's `data-texts`, in the page's language.
 */
import { installDropdownAutoclose } from '../dropdowns';
import { installPrefForms } from '../prefs-forms';
import { syncTimeZoneCookie } from '../time-zone-cookie';
import { enhanceVerifyFile } from './verify-file';

/** Texts the page hands to the script (JSON in the marker's `data-texts`). */
export interface PlainPageTexts {
  close: string;
  menuTypeUnrecognized: string;
}

/** Same lifetime and pause-on-hover/focus as the toasts of src/lib/notify.ts (spec §9). */
const DURATION = 4500;
const ERROR_Z_INDEX = 9999;
const ERROR_ICON = 'M12 3a9 9 0 100 18 9 9 0 000-18z M9 9l6 6 M15 9l-6 6';
const CLOSE_ICON = 'M6 6l12 12 M18 6L6 18';

const glyph = (className: string, d: string) =>
  `<svg class="${className}" width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="${d}"/></svg>`;

/** An error toast with the Notifications island's markup (styles/notifications.css). */
export function showErrorToast(doc: Document, message: string, closeLabel: string): HTMLElement {
  for (const old of doc.querySelectorAll('.toast[data-plain]')) old.remove();
  const toast = doc.createElement('div');
  toast.className = 'toast toast-error';
  toast.dataset.plain = '';
  toast.setAttribute('role', 'alert');
  toast.setAttribute('aria-live', 'assertive');
  toast.setAttribute('aria-atomic', 'true');
  toast.style.zIndex = String(ERROR_Z_INDEX);
  toast.innerHTML = `${glyph('toast-icon', ERROR_ICON)}<p class="toast-message"></p><button type="button" class="toast-close">${glyph('toast-close-icon', CLOSE_ICON)}</button>`;
  (toast.querySelector('.toast-message') as HTMLElement).textContent = message;
  const button = toast.querySelector('button') as HTMLButtonElement;
  button.setAttribute('aria-label', closeLabel);
  button.title = closeLabel;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let deadline = 0;
  let left = DURATION;
  const run = () => {
    deadline = Date.now() + left;
    timer = setTimeout(() => toast.remove(), left);
  };
  const pause = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    timer = undefined;
    left = Math.max(0, deadline - Date.now());
  };
  const resume = () => {
    if (timer === undefined && toast.isConnected) run();
  };
  toast.addEventListener('mouseenter', pause);
  toast.addEventListener('mouseleave', resume);
  toast.addEventListener('focusin', pause);
  toast.addEventListener('focusout', (e) => {
    if (!toast.contains(e.relatedTarget as Node | null)) resume();
  });
  button.addEventListener('click', () => {
    pause();
    toast.remove();
  });
  doc.body.append(toast);
  run();
  return toast;
}

/** Wires the page; returns the function that removes the listeners (tests). */
export function startPlainPage(doc: Document): () => void {
  const marker = doc.querySelector<HTMLMetaElement>('meta[name="portal-page"]');
  const texts = JSON.parse(marker?.dataset.texts || '{}') as Partial<PlainPageTexts>;
  syncTimeZoneCookie();
  const removeDropdowns = installDropdownAutoclose(doc);
  const removePrefForms = installPrefForms(doc);
  const onClick = (e: MouseEvent) => {
    if (e.defaultPrevented || e.button !== 0) return;
    const a = (e.target as Element | null)?.closest?.<HTMLAnchorElement>('a[data-menu-type="unknown"]');
    if (!a) return;
    e.preventDefault();
    showErrorToast(doc, texts.menuTypeUnrecognized ?? '', texts.close ?? '');
  };
  doc.addEventListener('click', onClick);
  const unwire = [...doc.querySelectorAll<HTMLElement>('[data-seal-verify]')].map((el) => enhanceVerifyFile(el));
  doc.documentElement.dataset.navReady = 'true';
  return () => {
    removeDropdowns();
    removePrefForms();
    doc.removeEventListener('click', onClick);
    for (const fn of unwire) fn();
  };
}

if (typeof document !== 'undefined' && document.querySelector('meta[name="portal-page"][content="plain"]')) startPlainPage(document);
