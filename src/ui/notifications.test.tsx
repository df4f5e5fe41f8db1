import { afterEach, beforeEach, describe, expect, jest, test } from 'bun:test';
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { Notifications } from './notifications';
import { ApiButton } from '~/ui/api-button';
import { loading, notify, notifyState, resetNotify } from '~/lib/notify';
import { requestMessages } from '~/lib/http/messages';
import { documentLoad } from '~/lib/navigation/bindings';

beforeEach(() => {
  resetNotify();
  document.documentElement.lang = 'en';
});
afterEach(() => {
  cleanup();
  jest.useRealTimers();
  resetNotify();
});

describe('Notifications', () => {
  test('errors are role=alert at z-index 9999, others role=status from 2000 up', async () => {
    const { container } = render(<Notifications labels={requestMessages()} />);
    await act(async () => {
      notify({ type: 'success', message: 'Saved' });
      notify({ type: 'error', message: 'Service unavailable!' });
      notify({ type: 'info', message: 'FYI' });
    });
    const toasts = [...container.querySelectorAll<HTMLElement>('.toast')];
    expect(toasts.map((t) => t.getAttribute('role'))).toEqual(['status', 'alert', 'status']);
    expect(toasts.map((t) => t.style.zIndex)).toEqual(['2000', '9999', '2001']);
    expect(toasts[1].textContent).toContain('Service unavailable!');
    expect(toasts[1].classList.contains('toast-error')).toBe(true);
  });

  test('toasts are stacked from 16 px down', async () => {
    const { container } = render(<Notifications labels={requestMessages()} />);
    await act(async () => {
      notify.info('a');
      notify.info('b');
    });
    const [a, b] = [...container.querySelectorAll<HTMLElement>('.toast')];
    // happy-dom has no layout (heights 0): tops are 16 and 16 + 0 + 16.
    expect(a.style.top).toBe('16px');
    expect(b.style.top).toBe('32px');
  });

  test('a toast disappears after 4500 ms', async () => {
    jest.useFakeTimers();
    const { container } = render(<Notifications labels={requestMessages()} />);
    await act(async () => {
      notify.success('Saved');
    });
    expect(container.querySelector('[role=status]')?.textContent).toContain('Saved');
    await act(async () => {
      jest.advanceTimersByTime(4499);
    });
    expect(container.querySelectorAll('.toast').length).toBe(1);
    await act(async () => {
      jest.advanceTimersByTime(1);
    });
    expect(container.querySelectorAll('.toast').length).toBe(0);
  });

  test('the close button has a translated label and closes the toast', async () => {
    document.documentElement.lang = 'zh-cn';
    const { container, getByLabelText } = render(<Notifications labels={requestMessages()} />);
    await act(async () => {
      notify.error('出错了');
    });
    await act(async () => {
      fireEvent.click(getByLabelText('关闭'));
    });
    expect(container.querySelectorAll('.toast').length).toBe(0);
  });

  test('hovering pauses the countdown', async () => {
    jest.useFakeTimers();
    const { container } = render(<Notifications labels={requestMessages()} />);
    await act(async () => {
      notify.info('stay');
    });
    await act(async () => {
      fireEvent.mouseEnter(container.querySelector('.toast')!);
    });
    await act(async () => {
      jest.advanceTimersByTime(10_000);
    });
    expect(container.querySelectorAll('.toast').length).toBe(1);
    await act(async () => {
      fireEvent.mouseLeave(container.querySelector('.toast')!);
    });
    await act(async () => {
      jest.advanceTimersByTime(4500);
    });
    expect(container.querySelectorAll('.toast').length).toBe(0);
  });

  test('loading indicator: busy status with translated text, fades out over 400 ms', async () => {
    jest.useFakeTimers();
    document.documentElement.lang = 'zh-cn';
    const { container } = render(<Notifications labels={requestMessages()} />);
    await act(async () => {
      loading.open();
      loading.open();
    });
    const mask = () => container.querySelector<HTMLElement>('.loading-mask');
    expect(mask()?.getAttribute('role')).toBe('status');
    expect(mask()?.getAttribute('aria-busy')).toBe('true');
    expect(mask()?.textContent).toBe('加载中...');
    await act(async () => loading.close());
    expect(mask()?.classList.contains('is-leaving')).toBe(false);
    await act(async () => loading.close());
    expect(mask()?.classList.contains('is-leaving')).toBe(true);
    expect(mask()?.getAttribute('aria-busy')).toBe('false');
    await act(async () => {
      jest.advanceTimersByTime(400);
    });
    expect(mask()).toBeNull();
  });
});

describe('ApiButton', () => {
  const assign = documentLoad.assign;
  let server: ReturnType<typeof Bun.serve>;
  const navigations: string[] = [];
  beforeEach(() => {
    navigations.length = 0;
    documentLoad.assign = (u: string) => void navigations.push(u);
    server = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      fetch(req) {
        const p = new URL(req.url).pathname;
        const env = (code: number, message: string) =>
          Response.json({ code, message, data: null, time: 1 }, { status: code === 200001 ? 200 : Math.floor(code / 1000) });
        if (p === '/ok') return req.method === 'POST' ? env(200001, '') : new Response('only POST', { status: 405 });
        if (p === '/down') return new Response('down', { status: 503 });
        if (p === '/login') return env(401001, 'Please login first');
        return new Response('', { status: 404 });
      },
    });
  });
  afterEach(() => {
    documentLoad.assign = assign;
    server.stop(true);
  });
  const url = (p: string) => `http://127.0.0.1:${server.port}${p}`;

  async function click(ui: ReturnType<typeof render>) {
    await act(async () => {
      fireEvent.click(ui.getByRole('button', { name: 'Export' }));
    });
    // let the request settle
    for (let i = 0; i < 20 && notifyState.loading.count > 0; i++) {
      await act(async () => {
        await Bun.sleep(10);
      });
    }
  }

  test('success shows the given message as a status toast', async () => {
    const ui = render(
      <>
        <ApiButton url={url('/ok')} method="POST" label="Export" successMessage="Export started" />
        <Notifications labels={requestMessages()} />
      </>,
    );
    await click(ui);
    expect(ui.container.querySelector('.toast[role=status]')?.textContent).toContain('Export started');
  });

  test("a 503 shows 'Service unavailable!' as an alert", async () => {
    const ui = render(
      <>
        <ApiButton url={url('/down')} label="Export" />
        <Notifications labels={requestMessages()} />
      </>,
    );
    await click(ui);
    expect(ui.container.querySelector('.toast[role=alert]')?.textContent).toContain('Service unavailable!');
    expect((ui.getByRole('button', { name: 'Export' }) as HTMLButtonElement).disabled).toBe(false);
  });

  test('401001 goes to the login page', async () => {
    history.replaceState(null, '', '/user/order/list');
    const ui = render(
      <>
        <ApiButton url={url('/login')} label="Export" />
        <Notifications labels={requestMessages()} />
      </>,
    );
    await click(ui);
    expect(navigations).toEqual(['/user/login?to=%2Fuser%2Forder%2Flist']);
    expect(ui.container.querySelector('.toast')).toBeNull();
  });
});
