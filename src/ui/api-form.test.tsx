import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { FormData as BrowserFormData } from 'happy-dom';
import { bindReload, bindRouter } from '~/lib/navigation/browser';
import { notifyState, resetNotify } from '~/lib/notify';
import { ApiForm, type ApiFormProps } from './api-form';

/** Bodies the server received, parsed. */
const bodies: Record<string, unknown>[] = [];
/** How the server answers the next requests (then: success). */
const next: (() => Response)[] = [];
const envelope = (code: number, message: string, data: unknown = null, status = 200) =>
  Response.json({ code, message, data, time: 1 }, { status });
const server = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  async fetch(req) {
    bodies.push({ path: new URL(req.url).pathname, ...((await req.json()) as Record<string, unknown>) });
    const answer = next.shift();
    if (answer) return answer();
    return envelope(200001, 'Endorsement saved', { endorsement: { id: 41 } });
  },
});
const url = (p: string) => `http://127.0.0.1:${server.port}${p}`;

// The test preload keeps Bun's FormData (server tests need it), which cannot read a form element;
// the browser's can: happy-dom's stands in for it here.
const bunFormData = globalThis.FormData;
beforeAll(() => {
  globalThis.FormData = BrowserFormData as unknown as typeof FormData;
});
afterAll(() => {
  globalThis.FormData = bunFormData;
  server.stop(true);
});

const pushes: string[] = [];
let reloads = 0;
const unbind: (() => void)[] = [];
beforeEach(() => {
  bodies.length = 0;
  next.length = 0;
  pushes.length = 0;
  reloads = 0;
  unbind.push(
    bindRouter(async (to) => void pushes.push(to)),
    bindReload(async () => void reloads++),
  );
  resetNotify();
  document.documentElement.lang = 'en';
});
afterEach(() => {
  for (const u of unbind.splice(0)) u();
  cleanup();
  resetNotify();
});

function mount(props: Partial<ApiFormProps> & { url: string }) {
  const ui = render(
    <ApiForm submitLabel="Save" {...props}>
      <input name="name" defaultValue="Li Lei" />
      <input name="ids" defaultValue="1" />
      <input name="ids" defaultValue="2" />
      <input name="request_id" type="hidden" defaultValue="*" />
    </ApiForm>,
  );
  return ui.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
}

async function submitAndSettle(button: HTMLButtonElement) {
  await act(async () => {
    fireEvent.click(button);
  });
  for (let i = 0; i < 200 && (button.disabled || notifyState.loading.count > 0); i++) {
    await act(async () => {
      await Bun.sleep(5);
    });
  }
}

describe('ApiForm', () => {
  test('posts the server-rendered fields as JSON with the extra values, then renders the page again', async () => {
    const button = mount({ url: url('/save'), extra: { order_id: 7 } });
    await submitAndSettle(button);
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({ path: '/save', name: 'Li Lei', ids: ['1', '2'], order_id: 7 });
    expect(String(bodies[0]!.request_id)).not.toBe('*');
    expect(notifyState.toasts.map((t) => t.message)).toEqual(['Endorsement saved']);
    expect(reloads).toBe(1);
    expect(pushes).toEqual([]);
  });

  test('`then` navigates in the app to the new record', async () => {
    // biome-ignore lint/suspicious/noThenProperty: ApiForm's prop is named `then` (the page after success)
    const button = mount({ url: url('/save'), then: '/user/order/endorseDetail?id={id}' });
    await submitAndSettle(button);
    expect(pushes).toEqual(['/user/order/endorseDetail?id=41']);
    expect(reloads).toBe(0);
  });

  test('field errors are listed under the form; a retry sends the same request id', async () => {
    next.push(() => envelope(400001, 'Check the form', { errors: { name: 'Name is too short' } }, 400));
    const button = mount({ url: url('/save') });
    await submitAndSettle(button);
    const list = document.querySelector<HTMLUListElement>('.endorse-form-errors')!;
    expect(list.hidden).toBe(false);
    expect(list.textContent).toBe('Name is too short');
    await submitAndSettle(button);
    expect(bodies).toHaveLength(2);
    expect(bodies[1]!.request_id).toBe(bodies[0]!.request_id);
    expect(list.hidden).toBe(true);
  });
});
