/**
 * The language and theme switches in the browser (markup: src/features/shell/ui/prefs-bar.tsx). Without
 * JavaScript they are form posts (POST /lang, /theme: the server sets the cookie and answers 303).
 * With it one delegated submit listener takes over: the language sets `ba-lang` and reloads, so
 * the server renders the page again in it; the theme flips `<html data-theme>` at once, stores
 * `ba-theme` and turns every theme switch of the page around, without a reload. Installed by the
 * browser runtime (src/ui/client-runtime.tsx) on every page.
 */
import { setPrefCookie } from './prefs-cookie';

type Theme = 'light' | 'dark';

/** Sets a theme form to offer the theme after `current`. */
function turnThemeForm(form: HTMLFormElement, current: Theme): void {
  const next: Theme = current === 'dark' ? 'light' : 'dark';
  const input = form.querySelector<HTMLInputElement>('input[name="theme"]');
  if (input) input.value = next;
  const button = form.querySelector('button');
  const label = (next === 'dark' ? form.dataset.toDark : form.dataset.toLight) ?? '';
  button?.setAttribute('aria-pressed', String(current === 'dark'));
  button?.setAttribute('title', label);
  button?.setAttribute('aria-label', label);
}

/** Installs the submit listener on `doc`; returns the function that removes it. */
export function installPrefForms(doc: Document): () => void {
  const onSubmit = (e: SubmitEvent) => {
    const form = e.target as HTMLFormElement | null;
    const kind = form?.dataset?.pref;
    if (!form || e.defaultPrevented || (kind !== 'lang' && kind !== 'theme')) return;
    e.preventDefault();
    if (kind === 'lang') {
      setPrefCookie('ba-lang', form.querySelector<HTMLInputElement>('input[name="lang"]')?.value ?? '');
      doc.location.reload();
      return;
    }
    const theme: Theme = form.querySelector<HTMLInputElement>('input[name="theme"]')?.value === 'dark' ? 'dark' : 'light';
    doc.documentElement.dataset.theme = theme;
    setPrefCookie('ba-theme', theme);
    for (const f of doc.querySelectorAll<HTMLFormElement>('form[data-pref="theme"]')) turnThemeForm(f, theme);
  };
  doc.addEventListener('submit', onSubmit);
  return () => doc.removeEventListener('submit', onSubmit);
}
