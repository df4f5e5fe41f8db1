'use client';
/**
 * Light/dark switch. Without JS: POST /theme {theme, to} (server sets `ba-theme`, 303 back).
 * With JS: flips `data-theme` on <html> at once and stores the cookie, no reload.
 */
import { useState, type FormEvent } from 'react';
import { setPrefCookie } from './prefs';

export interface ThemeSwitchProps {
  theme: 'light' | 'dark';
  to: string;
  toDark: string;
  toLight: string;
}

export function ThemeSwitch({ theme: initial, to, toDark, toLight }: ThemeSwitchProps) {
  const [theme, setTheme] = useState(initial);
  const next = theme === 'dark' ? 'light' : 'dark';
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const root = document.documentElement;
    root.dataset.theme = next;
    setPrefCookie('ba-theme', next);
    setTheme(next);
  };
  const label = next === 'dark' ? toDark : toLight;
  return (
    <form method="post" action="/theme" className="pref-form" onSubmit={onSubmit}>
      <input type="hidden" name="theme" value={next} />
      <input type="hidden" name="to" value={to} />
      <button type="submit" className="icon-btn theme-btn" title={label} aria-label={label} aria-pressed={theme === 'dark'}>
        <svg
          className="icon"
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
          {theme === 'dark' ? (
            <path d="M12 8a4 4 0 100 8 4 4 0 000-8z M12 2v2 M12 20v2 M4.9 4.9l1.4 1.4 M17.7 17.7l1.4 1.4 M2 12h2 M20 12h2 M4.9 19.1l1.4-1.4 M17.7 6.3l1.4-1.4" />
          ) : (
            <path d="M20 14.5A8 8 0 019.5 4 8 8 0 1020 14.5z" />
          )}
        </svg>
      </button>
    </form>
  );
}
