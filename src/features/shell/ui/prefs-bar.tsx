/**
 * Language and theme switches, side by side: plain forms (POST /lang, /theme) that work without
 * JavaScript; with it src/lib/prefs-forms.ts answers their submit in the page. Server markup, no
 * island: the theme button carries both icons and CSS shows the one for the current theme.
 */
import type { Translator } from '~/lib/i18n';
import type { Locale, Theme } from '~/lib/types';

const GLOBE = 'M12 3a9 9 0 100 18 9 9 0 000-18z M3 12h18 M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z';
const SUN =
  'M12 8a4 4 0 100 8 4 4 0 000-8z M12 2v2 M12 20v2 M4.9 4.9l1.4 1.4 M17.7 17.7l1.4 1.4 M2 12h2 M20 12h2 M4.9 19.1l1.4-1.4 M17.7 6.3l1.4-1.4';
const MOON = 'M20 14.5A8 8 0 019.5 4 8 8 0 1020 14.5z';

function Glyph({ d, className = 'icon' }: { d: string; className?: string }) {
  return (
    <svg
      className={className}
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={d} />
    </svg>
  );
}

export function PrefsBar({ t, locale, theme, path }: { t: Translator; locale: Locale; theme: Theme; path: string }) {
  const nextLang: Locale = locale === 'en' ? 'zh-cn' : 'en';
  const nextName = t(['lang', nextLang]);
  const langLabel = t('lang.switchTo');
  const nextTheme: Theme = theme === 'dark' ? 'light' : 'dark';
  const toDark = t('theme.toDark');
  const toLight = t('theme.toLight');
  const themeLabel = nextTheme === 'dark' ? toDark : toLight;
  return (
    <div className="prefs">
      <form method="post" action="/lang" className="pref-form" data-pref="lang">
        <input type="hidden" name="lang" value={nextLang} />
        <input type="hidden" name="to" value={path} />
        <button type="submit" className="icon-btn pref-btn" title={langLabel} aria-label={`${langLabel}: ${nextName}`} lang={nextLang}>
          <Glyph d={GLOBE} />
          <span className="pref-text">{nextName}</span>
        </button>
      </form>
      <form method="post" action="/theme" className="pref-form" data-pref="theme" data-to-dark={toDark} data-to-light={toLight}>
        <input type="hidden" name="theme" value={nextTheme} />
        <input type="hidden" name="to" value={path} />
        <button type="submit" className="icon-btn theme-btn" title={themeLabel} aria-label={themeLabel} aria-pressed={theme === 'dark'}>
          <Glyph d={SUN} className="icon theme-icon-sun" />
          <Glyph d={MOON} className="icon theme-icon-moon" />
        </button>
      </form>
    </div>
  );
}
