import { afterAll, afterEach, beforeAll, describe, expect, spyOn, test } from 'bun:test';
import { cleanup, render } from '@testing-library/react';
import { createElement } from 'react';
import { PrefsBar } from '~/features/shell/ui';
import { loadT } from './i18n';
import { installPrefForms } from './prefs-forms';

let remove: () => void;
beforeAll(() => {
  remove = installPrefForms(document);
});
afterAll(() => remove());
afterEach(() => {
  cleanup();
  document.documentElement.dataset.theme = 'light';
});

/** A form field's value (Bun's FormData, which the tests keep, does not read happy-dom forms). */
const field = (form: HTMLFormElement, name: string) => form.querySelector<HTMLInputElement>(`input[name="${name}"]`)?.value;

const submit = (form: HTMLFormElement) => {
  const e = new Event('submit', { bubbles: true, cancelable: true });
  form.dispatchEvent(e);
  return e;
};

describe('language and theme switches', () => {
  test('without JS: POST /lang and /theme forms carrying the next value and the way back', async () => {
    const t = await loadT('en');
    const { container } = render(createElement(PrefsBar, { t, locale: 'en', theme: 'light', path: '/product' }));
    const [lang, theme] = [...container.querySelectorAll('form')];
    expect([lang.method, lang.getAttribute('action'), theme.getAttribute('action')]).toEqual(['post', '/lang', '/theme']);
    expect(field(lang, 'lang')).toBe('zh-cn');
    expect(field(theme, 'theme')).toBe('dark');
    expect(field(theme, 'to')).toBe('/product');
    expect(theme.querySelector('button')!.getAttribute('aria-pressed')).toBe('false');
  });

  test('the theme flips in the page, is stored, and every theme switch turns around', async () => {
    const t = await loadT('en');
    document.documentElement.dataset.theme = 'light';
    const { container } = render(
      createElement('div', null, [
        createElement(PrefsBar, { key: 1, t, locale: 'en', theme: 'light', path: '/' }),
        createElement(PrefsBar, { key: 2, t, locale: 'en', theme: 'light', path: '/' }),
      ]),
    );
    const forms = [...container.querySelectorAll<HTMLFormElement>('form[action="/theme"]')];
    const darkLabel = forms[0].querySelector('button')!.getAttribute('aria-label');
    expect(submit(forms[0]).defaultPrevented).toBe(true);
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(document.cookie).toContain('ba-theme=dark');
    for (const f of forms) {
      expect(field(f, 'theme')).toBe('light');
      expect(f.querySelector('button')!.getAttribute('aria-pressed')).toBe('true');
      expect(f.querySelector('button')!.getAttribute('aria-label')).not.toBe(darkLabel);
    }
    submit(forms[1]);
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(field(forms[0], 'theme')).toBe('dark');
  });

  test('the language is stored and the page reloads', async () => {
    const t = await loadT('zh-cn');
    const reload = spyOn(window.location, 'reload').mockImplementation(() => {});
    try {
      const { container } = render(createElement(PrefsBar, { t, locale: 'zh-cn', theme: 'light', path: '/' }));
      expect(submit(container.querySelector<HTMLFormElement>('form[action="/lang"]')!).defaultPrevented).toBe(true);
      expect(document.cookie).toContain('ba-lang=en');
      expect(reload).toHaveBeenCalled();
    } finally {
      reload.mockRestore();
    }
  });

  test('other forms are left alone', () => {
    const form = document.createElement('form');
    document.body.append(form);
    expect(submit(form).defaultPrevented).toBe(false);
    form.remove();
  });
});
