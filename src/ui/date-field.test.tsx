import { afterEach, describe, expect, test } from 'bun:test';
import { cleanup, fireEvent, render } from '@testing-library/react';
import { useState } from 'react';
import { DateField } from './date-field';

afterEach(cleanup);

const hidden = (c: HTMLElement, name = 'start') => c.querySelector<HTMLInputElement>(`input[type="hidden"][name="${name}"]`)!;
const text = (c: HTMLElement) => c.querySelector<HTMLInputElement>('input.date-field-text')!;

describe('DateField', () => {
  test('shows the page language order and sends ISO', () => {
    const zh = render(<DateField id="a" name="start" locale="zh-cn" defaultValue="2026-11-07" />).container;
    expect(text(zh).value).toBe('2026/11/07');
    expect(text(zh).placeholder).toBe('年/月/日');
    expect(hidden(zh).value).toBe('2026-11-07');
    cleanup();
    const en = render(<DateField id="a" name="start" locale="en" defaultValue="2026-11-07" />).container;
    expect(text(en).value).toBe('07/11/2026');
    expect(text(en).placeholder).toBe('dd/mm/yyyy');
  });

  test('reads what is typed; refuses a day that does not exist, in the page language', () => {
    const c = render(<DateField id="a" name="start" locale="en" />).container;
    fireEvent.change(text(c), { target: { value: '27 Nov 2026' } });
    expect(hidden(c).value).toBe('2026-11-27');
    expect(text(c).validationMessage).toBe('');
    fireEvent.change(text(c), { target: { value: '31/04/2026' } });
    expect(text(c).validationMessage).toBe('Enter the date as dd/mm/yyyy');
    fireEvent.change(text(c), { target: { value: '' } });
    expect(hidden(c).value).toBe('');
  });

  test('keeps to min and max with a message naming the limit', () => {
    const c = render(<DateField id="a" name="d" locale="zh-cn" min="2026-11-27" max="2026-12-31" />).container;
    fireEvent.change(text(c), { target: { value: '2026/11/26' } });
    expect(text(c).validationMessage).toBe('日期不能早于 2026/11/27');
    fireEvent.change(text(c), { target: { value: '2027/01/01' } });
    expect(text(c).validationMessage).toBe('日期不能晚于 2026/12/31');
  });

  test('the calendar opens on the chosen month, moves with the keyboard and picks a day', () => {
    const c = render(<DateField id="a" name="start" locale="en" defaultValue="2026-11-30" max="2026-12-31" />).container;
    fireEvent.click(c.querySelector('.date-field-button')!);
    const dialog = c.querySelector('[role="dialog"]')!;
    expect(dialog.textContent).toContain('November 2026');
    fireEvent.keyDown(c.querySelector('.date-field-day[tabindex="0"]')!, { key: 'ArrowRight' });
    expect(c.querySelector('[role="dialog"]')!.textContent).toContain('December 2026');
    fireEvent.click(c.querySelector('[data-day="2026-12-01"]')!);
    expect(c.querySelector('[role="dialog"]')).toBeNull();
    expect(hidden(c).value).toBe('2026-12-01');
    expect(text(c).value).toBe('01/12/2026');
    fireEvent.click(c.querySelector('.date-field-button')!);
    expect(c.querySelector<HTMLButtonElement>('[data-day="2027-01-01"]')?.disabled).toBe(true);
  });

  test('a controlled field follows its value and reports changes', () => {
    const seen: string[] = [];
    function Host() {
      const [day, setDay] = useState('2026-11-07');
      return (
        <>
          <DateField id="a" name="start" locale="zh-cn" value={day} onChange={(d) => seen.push(d)} />
          <button type="button" onClick={() => setDay('2026-12-25')}>
            set
          </button>
        </>
      );
    }
    const c = render(<Host />).container;
    fireEvent.change(text(c), { target: { value: '2026年11月8日' } });
    expect(seen).toEqual(['2026-11-08']);
    fireEvent.click(c.querySelector('button:not(.date-field-button)')!);
    expect(text(c).value).toBe('2026/12/25');
  });
});

describe("the calendar's today is the portal's day, not the browser's clock", () => {
  afterEach(() => {
    delete document.documentElement.dataset.siteToday;
  });
  test('an empty field opens on the site day the page carries and marks it as today', () => {
    document.documentElement.dataset.siteToday = '2031-05-17';
    const c = render(<DateField id="a" name="start" locale="en" />).container;
    fireEvent.click(c.querySelector('.date-field-button')!);
    expect(c.querySelector('[role="dialog"]')!.textContent).toContain('May 2031');
    expect(c.querySelector('[data-today]')?.getAttribute('data-day')).toBe('2031-05-17');
  });
  test('a today given by the page wins', () => {
    document.documentElement.dataset.siteToday = '2031-05-17';
    const c = render(<DateField id="a" name="start" locale="zh-cn" today="2030-02-03" />).container;
    fireEvent.click(c.querySelector('.date-field-button')!);
    expect(c.querySelector('[data-today]')?.getAttribute('data-day')).toBe('2030-02-03');
  });
});
