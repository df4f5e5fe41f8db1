'use client';
/**
 * A day field that speaks the page's language (#29): it shows `2026/11/27` on a Chinese page and
 * `27/11/2026` on an English one, reads what people type in either habit, and opens a month
 * calendar (Monday first, weekday and month names in the page language, keyboard operable).
 * The form receives the ISO day (`YYYY-MM-DD`) through a hidden input named `name`, so GET
 * filters, FormData and the API see exactly what the browser's date input used to send.
 * The browser's own `<input type="date">` follows the browser's locale instead (mm/dd/yyyy on a
 * Chinese page), which is why the kit has this.
 *
 *   <DateField id="cl-start" name="start" locale={locale} defaultValue={q.start} max={today} />
 */
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { addDays, addMonths, dayParts, dayPattern, formatDayText, monthWeeks, parseDayText } from '~/lib/date-text';
import { fill } from '~/lib/texts';
import type { Locale } from '~/lib/types';
import { uiText } from './texts';

export interface DateFieldProps {
  id: string;
  /** The form field's name; it carries the ISO day. */
  name: string;
  locale: Locale;
  defaultValue?: string;
  /** Controlled use: the ISO day ('' for none) and its change handler. */
  value?: string;
  onChange?: (iso: string) => void;
  min?: string;
  max?: string;
  required?: boolean;
  disabled?: boolean;
  'aria-describedby'?: string;
  /** The field's name for assistive technology when no `<label for>` names it. */
  'aria-label'?: string;
  /** The portal's today (ISO), when the page knows it; else the site's day on `<html data-site-today>`. */
  today?: string;
  /** Extra attributes for the hidden ISO input (e.g. a `data-*` hook a script reads). */
  hiddenProps?: Record<`data-${string}`, string | boolean>;
}

const intlLocale = (locale: Locale) => (locale === 'en' ? 'en-GB' : 'zh-CN');

/**
 * Today as the portal counts it, as ISO: the site's day the server put on `<html data-site-today>`
 * (src/pages/_root.tsx), so a member in another time zone, or a test with a set clock, sees the
 * portal's day; the browser's calendar only when the page carries none.
 */
export function siteToday(): string {
  const site = typeof document === 'undefined' ? undefined : document.documentElement.dataset.siteToday;
  if (site && /^\d{4}-\d{2}-\d{2}$/.test(site)) return site;
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export function DateField(props: DateFieldProps) {
  const { id, name, locale, min, max, required, disabled } = props;
  const t = uiText(locale).dateField;
  const today = () => props.today ?? siteToday();
  const controlled = props.value !== undefined;
  const [own, setOwn] = useState(props.defaultValue ?? '');
  const iso = controlled ? (props.value ?? '') : own;
  const [text, setText] = useState(() => formatDayText(iso, locale));
  const [open, setOpen] = useState(false);
  const [focusDay, setFocusDay] = useState(iso || today());
  const input = useRef<HTMLInputElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const popover = useRef<HTMLDivElement>(null);
  const popoverId = useId();

  // A controlled value changed from outside (not by typing here): show it.
  const lastIso = useRef(iso);
  useEffect(() => {
    if (iso === lastIso.current) return;
    lastIso.current = iso;
    setText(formatDayText(iso, locale));
  }, [iso, locale]);

  const outOfRange = (day: string) => Boolean((min && day < min) || (max && day > max));

  function validity(typed: string, day: string | null): string {
    if (!typed.trim()) return '';
    if (!day) return fill(t.invalid, { pattern: dayPattern(locale) });
    if (min && day < min) return fill(t.min, { date: formatDayText(min, locale) });
    if (max && day > max) return fill(t.max, { date: formatDayText(max, locale) });
    return '';
  }

  function commit(day: string) {
    lastIso.current = day;
    if (!controlled) setOwn(day);
    props.onChange?.(day);
  }

  function onType(typed: string) {
    setText(typed);
    const day = parseDayText(typed, locale);
    input.current?.setCustomValidity(validity(typed, day));
    if (day) {
      setFocusDay(day);
      commit(day);
    } else if (!typed.trim()) commit('');
  }

  function choose(day: string) {
    if (outOfRange(day)) return;
    setText(formatDayText(day, locale));
    input.current?.setCustomValidity('');
    commit(day);
    setOpen(false);
    input.current?.focus();
  }

  function openCalendar() {
    setFocusDay(iso || (min && today() < min ? min : max && today() > max ? max : today()));
    setOpen((was) => !was);
  }

  // Focus the chosen day when the calendar opens or the focus moves; close on a click outside.
  useEffect(() => {
    if (!open) return;
    popover.current?.querySelector<HTMLButtonElement>(`[data-day="${focusDay}"]`)?.focus();
  }, [open, focusDay]);
  useEffect(() => {
    if (!open) return;
    const away = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!popover.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open]);

  function onGridKey(e: KeyboardEvent) {
    const moves: Record<string, () => string> = {
      ArrowLeft: () => addDays(focusDay, -1),
      ArrowRight: () => addDays(focusDay, 1),
      ArrowUp: () => addDays(focusDay, -7),
      ArrowDown: () => addDays(focusDay, 7),
      PageUp: () => addMonths(focusDay, -1),
      PageDown: () => addMonths(focusDay, 1),
      Home: () => addDays(focusDay, -((new Date(`${focusDay}T00:00:00Z`).getUTCDay() + 6) % 7)),
      End: () => addDays(focusDay, 6 - ((new Date(`${focusDay}T00:00:00Z`).getUTCDay() + 6) % 7)),
    };
    if (e.key === 'Escape') {
      e.preventDefault();
      setOpen(false);
      button.current?.focus();
    } else if (moves[e.key]) {
      e.preventDefault();
      setFocusDay(moves[e.key]());
    }
  }

  const shown = dayParts(focusDay) ?? dayParts(today())!;
  const monthTitle = new Intl.DateTimeFormat(intlLocale(locale), { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(shown.y, shown.m - 1, 1)),
  );
  const weekdays = Array.from({ length: 7 }, (_, i) =>
    new Intl.DateTimeFormat(intlLocale(locale), { weekday: 'narrow', timeZone: 'UTC' }).format(new Date(Date.UTC(2026, 10, 2 + i))),
  );
  const current = today();

  return (
    <span className="date-field">
      <input
        ref={input}
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        className="date-field-text"
        placeholder={dayPattern(locale)}
        value={text}
        required={required}
        disabled={disabled}
        aria-describedby={props['aria-describedby']}
        aria-label={props['aria-label']}
        onChange={(e) => onType(e.currentTarget.value)}
        onBlur={() => {
          const day = parseDayText(text, locale);
          if (day) setText(formatDayText(day, locale));
        }}
      />
      <button
        ref={button}
        type="button"
        className="date-field-button"
        aria-label={t.choose}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? popoverId : undefined}
        disabled={disabled}
        onClick={openCalendar}
      >
        <svg className="icon" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M5 5h14a1 1 0 011 1v13a1 1 0 01-1 1H5a1 1 0 01-1-1V6a1 1 0 011-1z M4 10h16 M8 3v4 M16 3v4" />
        </svg>
      </button>
      <input type="hidden" name={name} value={iso} {...props.hiddenProps} />
      {open ? (
        <div ref={popover} id={popoverId} role="dialog" aria-label={t.choose} className="date-field-popover" onKeyDown={onGridKey}>
          <div className="date-field-head">
            <button type="button" className="date-field-nav" aria-label={t.prevMonth} onClick={() => setFocusDay(addMonths(focusDay, -1))}>
              ‹
            </button>
            <strong aria-live="polite">{monthTitle}</strong>
            <button type="button" className="date-field-nav" aria-label={t.nextMonth} onClick={() => setFocusDay(addMonths(focusDay, 1))}>
              ›
            </button>
          </div>
          <table className="date-field-grid" aria-label={monthTitle}>
            <thead>
              <tr>
                {weekdays.map((w, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: seven fixed columns
                  <th key={i} scope="col" abbr={w}>
                    {w}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {monthWeeks(focusDay).map((week) => (
                <tr key={week[0]}>
                  {week.map((day) => (
                    <td key={day}>
                      <button
                        type="button"
                        data-day={day}
                        tabIndex={day === focusDay ? 0 : -1}
                        className="date-field-day"
                        data-outside={dayParts(day)?.m !== shown.m || undefined}
                        data-today={day === current || undefined}
                        aria-pressed={day === iso}
                        aria-label={formatDayText(day, locale)}
                        disabled={outOfRange(day)}
                        onClick={() => choose(day)}
                      >
                        {dayParts(day)?.d}
                      </button>
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </span>
  );
}
