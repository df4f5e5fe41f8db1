/** Language and theme switches, side by side. */
import { LangSwitch } from '~/islands/lang-switch';
import { ThemeSwitch } from '~/islands/theme-switch';
import type { Translator } from '~/lib/i18n';
import type { Locale, Theme } from '~/lib/types';

export function PrefsBar({ t, locale, theme, path }: { t: Translator; locale: Locale; theme: Theme; path: string }) {
  const next: Locale = locale === 'en' ? 'zh-cn' : 'en';
  return (
    <div className="prefs">
      <LangSwitch next={next} nextName={t(['lang', next])} label={t('lang.switchTo')} to={path} />
      <ThemeSwitch theme={theme} to={path} toDark={t('theme.toDark')} toLight={t('theme.toLight')} />
    </div>
  );
}
