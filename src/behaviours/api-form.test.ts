import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, spyOn, test } from 'bun:test';
import { FormData as BrowserFormData } from 'happy-dom';
import { createElement, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { type ApiFormProps, ApiForm } from '~/components/api-form';
import { enhanceAll } from '~/lib/islands/behaviours';
import { CARRIED_TOASTS_KEY } from '~/lib/navigation/bindings';
import { documentLoad, resetProgress } from '~/lib/navigation/browser';
import { notifyState, resetNotify } from '~/lib/notify';
import { enhance, formFields } from './api-form';

/** Bodies the server received, parsed. */
const bodies: Record<string, unknown>[] = [];
/** How the server answers the next requests (then: success). */
const next: (() => Response)[] = [];
/** Answers held back until the test lets them go. */
const held: (() => void)[] = [];
const envelope = (code: number, message: string, data: unknown = null, status = 200) =>
  Response.json({ code, message, data, time: 1 }, { status });
const server = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  async fetch(req) {
    const path = new URL(req.url).pathname;
    bodies.push({ path, method: req.method, ...((await req.json()) as Record<string, unknown>) });
    if (path === '/held') await new Promise<void>((resolve) => held.push(resolve));
    const answer = next.shift();
    if (answer) return answer();
    return envelope(200001, 'Endorsement saved', { endorsement: { id: 41 } });
  },
});
const url = (p: string) => `http://127.0.0.1:${server.port}${p}`;
afterAll(() => server.stop(true));

// The test preload keeps Bun's FormData (server tests need it), which cannot read a form element;
// the browser's can: happy-dom's stands in for it here.
const bunFormData = globalThis.FormData;
beforeAll(() => {
  globalThis.FormData = BrowserFormData as unknown as typeof FormData;
});
afterAll(() => {
  globalThis.FormData = bunFormData;
});

let assign: ReturnType<typeof spyOn<typeof documentLoad, 'assign'>>;
let reload: ReturnType<typeof spyOn<typeof documentLoad, 'reload'>>;
beforeEach(() => {
  bodies.length = 0;
  next.length = 0;
  assign = spyOn(documentLoad, 'assign').mockImplementation(() => {});
  reload = spyOn(documentLoad, 'reload').mockImplementation(() => {});
  resetNotify();
  sessionStorage.clear();
  document.documentElement.lang = 'en';
});
afterEach(() => {
  for (const go of held.splice(0)) go();
  assign.mockRestore();
  reload.mockRestore();
  resetProgress();
  resetNotify();
  sessionStorage.clear();
  document.body.innerHTML = '';
});

const FIELDS = [
  createElement('input', { key: 'n', name: 'name', defaultValue: 'Li Lei' }),
  createElement('input', { key: 'a', name: 'ids', defaultValue: '1' }),
  createElement('input', { key: 'b', name: 'ids', defaultValue: '2' }),
  createElement('input', { key: 'c', name: 'amount', type: 'number', defaultValue: '12.50' }),
  createElement('input', { key: 'd', type: 'file', name: 'upload' }),
];

/** The server's markup of the form, wired as on the page; returns its parts. */
function mount(props: Partial<ApiFormProps> & { url: string }, children: ReactNode = FIELDS) {
  document.body.innerHTML = renderToString(createElement(ApiForm, { submitLabel: 'Save', ...props }, children));
  expect(enhanceAll('api-form', enhance)).toBe(1);
  const form = document.querySelector('form')!;
  return {
    form,
    submit: form.querySelector<HTMLButtonElement>('button[type="submit"]')!,
    errors: form.querySelector<HTMLUListElement>('.endorse-form-errors')!,
  };
}

/** Until the form's request is over. */
async function settled(submit: HTMLButtonElement) {
  for (let i = 0; i < 200 && (submit.disabled || notifyState.loading.count > 0); i++) await Bun.sleep(5);
  expect(submit.disabled).toBe(false);
}

const toasts = () => notifyState.toasts.map((t) => `${t.type}:${t.message}`);

describe('api-form behaviour', () => {
  test('posts the fields as JSON (repeated names as a list) with the extra values; success reloads the page, toast carried', async () => {
    const { submit } = mount({ url: url('/save'), extra: { order_id: 7, name: 'from extra' } });
    submit.click();
    await settled(submit);
    expect(bodies).toEqual([{ path: '/save', method: 'POST', name: 'from extra', ids: ['1', '2'], amount: '12.50', order_id: 7 }]);
    expect(toasts()).toEqual(['success:Endorsement saved']);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(assign).not.toHaveBeenCalled();
    expect(JSON.parse(sessionStorage.getItem(CARRIED_TOASTS_KEY) ?? 'null')).toEqual([{ type: 'success', message: 'Endorsement saved' }]);
  });

  test('`then` goes to the given page with the new record id instead', async () => {
    // biome-ignore lint/suspicious/noThenProperty: ApiForm's prop is named `then` (the page after success)
    const { submit } = mount({ url: url('/save'), then: '/user/order/endorseDetail?id={id}' });
    submit.click();
    await settled(submit);
    expect(assign.mock.calls).toEqual([['/user/order/endorseDetail?id=41']]);
    expect(reload).not.toHaveBeenCalled();
  });

  test('busy while it runs: the submit button is disabled and aria-busy; another submit sends nothing', async () => {
    const { form, submit } = mount({ url: url('/held') });
    submit.click();
    expect(submit.disabled).toBe(true);
    expect(submit.getAttribute('aria-busy')).toBe('true');
    form.requestSubmit();
    for (let i = 0; i < 200 && !held.length; i++) await Bun.sleep(5);
    await Bun.sleep(20);
    expect(bodies).toHaveLength(1);
    held.shift()!();
    await settled(submit);
    expect(submit.hasAttribute('aria-busy')).toBe(false);
  });

  test("the API's field errors are listed under the form; the next submit clears them", async () => {
    const { submit, errors } = mount({ url: url('/save') });
    expect(errors.hidden).toBe(true);
    expect(errors.getAttribute('role')).toBe('alert');
    next.push(() => envelope(400001, 'Please check the form', { errors: { name: 'Name is required', amount: 'Amount too large' } }, 400));
    submit.click();
    await settled(submit);
    expect([...errors.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Name is required', 'Amount too large']);
    expect(errors.hidden).toBe(false);
    expect(toasts()).toEqual(['error:Please check the form']);
    expect(reload).not.toHaveBeenCalled();

    next.push(() => envelope(400001, 'Rows refused', { rows: [{ row: 3, message: 'ID number is wrong' }] }, 400));
    submit.click();
    await settled(submit);
    expect([...errors.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['#3: ID number is wrong']);

    next.push(() => envelope(409001, 'Already submitted', null, 409));
    submit.click();
    await settled(submit);
    expect([...errors.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Already submitted']);

    submit.click();
    await settled(submit);
    expect(errors.querySelectorAll('li')).toHaveLength(0);
    expect(errors.hidden).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  test('request_id "*": one id for the form, the same when a failed submit is tried again, a new one after success', async () => {
    const { submit } = mount({ url: url('/save'), extra: { request_id: '*' } });
    next.push(() => new Response('busy', { status: 503 }));
    submit.click();
    await settled(submit);
    submit.click(); // the member tries again
    await settled(submit);
    submit.click(); // a second, separate write
    await settled(submit);
    const ids = bodies.map((b) => b.request_id as string);
    expect(ids).toHaveLength(3);
    expect(ids[0]).toMatch(/^[a-z0-9]+-[a-z0-9]+$/);
    expect(ids[1]).toBe(ids[0]);
    expect(ids[2]).not.toBe(ids[0]);
    expect(ids[2]).toMatch(/^[a-z0-9]+-[a-z0-9]+$/);
    // Another form on another page load has its own.
    const other = mount({ url: url('/save'), extra: { request_id: '*' } });
    other.submit.click();
    await settled(other.submit);
    expect(ids).not.toContain(bodies[3].request_id);
  });

  test('confirmText asks first (window.confirm); cancelling sends nothing', async () => {
    const confirm = spyOn(window, 'confirm').mockImplementation(() => false);
    try {
      const { submit } = mount({ url: url('/save'), confirmText: 'Debit ¥120.00 from the balance?' });
      submit.click();
      await Bun.sleep(20);
      expect(confirm.mock.calls).toEqual([['Debit ¥120.00 from the balance?']]);
      expect(bodies).toEqual([]);
      expect(submit.disabled).toBe(false);
      confirm.mockImplementation(() => true);
      submit.click();
      await settled(submit);
      expect(confirm).toHaveBeenCalledTimes(2);
      expect(bodies).toHaveLength(1);
    } finally {
      confirm.mockRestore();
    }
  });

  test('formFields: text values by name, repeated names as lists, files left out', () => {
    const { form } = mount({ url: url('/save') });
    expect(formFields(form)).toEqual({ name: 'Li Lei', ids: ['1', '2'], amount: '12.50' });
  });
});
