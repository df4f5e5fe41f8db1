import { describe, expect, test } from 'bun:test';
import { addDays, addMonths, dayPattern, formatDayText, monthWeeks, parseDayText } from './date-text';

describe('formatDayText', () => {
  test('shows the page language order', () => {
    expect(formatDayText('2026-11-07', 'zh-cn')).toBe('2026/11/07');
    expect(formatDayText('2026-11-07', 'en')).toBe('07/11/2026');
    expect(formatDayText('', 'en')).toBe('');
    expect(formatDayText('2026-02-30', 'zh-cn')).toBe('');
    expect(dayPattern('zh-cn')).toBe('年/月/日');
  });
});

describe('parseDayText', () => {
  test('reads what people type in Chinese', () => {
    for (const s of ['2026-11-07', '2026/11/7', '2026.11.07', '2026年11月7日', ' 20261107 ']) {
      expect(parseDayText(s, 'zh-cn')).toBe('2026-11-07');
    }
  });
  test('reads what people type in English', () => {
    for (const s of ['07/11/2026', '7-11-2026', '7 Nov 2026', '7 November 2026', 'Nov 7, 2026', '2026-11-07']) {
      expect(parseDayText(s, 'en')).toBe('2026-11-07');
    }
  });
  test('refuses days that do not exist and day-first text on a Chinese page', () => {
    for (const s of ['2026-02-29', '2026/13/01', '31/04/2026', 'tomorrow', '', '7 Foo 2026']) {
      expect(parseDayText(s, 'en')).toBeNull();
    }
    expect(parseDayText('2028-02-29', 'en')).toBe('2028-02-29');
    expect(parseDayText('07/11/2026', 'zh-cn')).toBeNull();
  });
  test('reads back what it shows', () => {
    for (const iso of ['2026-01-01', '2026-12-31', '2028-02-29']) {
      expect(parseDayText(formatDayText(iso, 'en'), 'en')).toBe(iso);
      expect(parseDayText(formatDayText(iso, 'zh-cn'), 'zh-cn')).toBe(iso);
    }
  });
});

describe('calendar arithmetic', () => {
  test('days and months', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-01-15', -1)).toBe('2025-12-15');
  });
  test('a month as Monday-first weeks', () => {
    const weeks = monthWeeks('2026-11-27'); // 1 Nov 2026 is a Sunday
    expect(weeks[0]).toEqual(['2026-10-26', '2026-10-27', '2026-10-28', '2026-10-29', '2026-10-30', '2026-10-31', '2026-11-01']);
    expect(weeks.at(-1)?.at(-1)).toBe('2026-12-06');
    expect(weeks.every((w) => w.length === 7)).toBe(true);
    expect(monthWeeks('2027-02-10')).toHaveLength(4); // Feb 2027 starts on a Monday and has 28 days
  });
});
