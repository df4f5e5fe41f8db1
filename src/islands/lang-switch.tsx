'use client';
/**
 * Language switch. Without JS it is a plain form: POST /lang {lang, to} (the server sets the
 * `ba-lang` cookie and answers 303 to `to`). With JS it sets the cookie itself and reloads,
 * so the server renders the page again in the new language.
 */
import type { FormEvent } from 'react';
import { setPrefCookie } from './prefs';

export interface LangSwitchProps {
  /** Language to switch to. */
  next: 'zh-cn' | 'en';
  /** Name of that language in itself (`English`, `中文简体`). */
  nextName: string;
  /** Accessible label, e.g. "Switch language". */
  label: string;
  /** Path to come back to. */
  to: string;
}

export function LangSwitch({ next, nextName, label, to }: LangSwitchProps) {
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setPrefCookie('ba-lang', next);
    location.reload();
  };
  return (
    <form method="post" action="/lang" className="pref-form" onSubmit={onSubmit}>
      <input type="hidden" name="lang" value={next} />
      <input type="hidden" name="to" value={to} />
      <button type="submit" className="icon-btn pref-btn" title={label} aria-label={`${label}: ${nextName}`} lang={next}>
        <svg
          className="icon"
          width="18"
          height="18"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth={1.8}
          strokeLinecap="round"
          aria-hidden="true"
        >
          <path d="M12 3a9 9 0 100 18 9 9 0 000-18z M3 12h18 M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" />
        </svg>
        <span className="pref-text">{nextName}</span>
      </button>
    </form>
  );
}
