import { afterEach, beforeEach, describe, expect, mock, test } from 'bun:test';
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { apiMessage } from '~/features/_shared/messages';
import { captchaText } from '../texts';
import { ClickCaptcha, type ClickCaptchaText } from './click-captcha';

const { en, 'zh-cn': zh } = captchaText.tables;

const text: ClickCaptchaText = en;

interface Sent {
  method: string;
  url: string;
  body: Record<string, unknown> | null;
}

let sent: Sent[] = [];
let checkReply: () => Response;
let issueReply: () => Response;
const origFetch = globalThis.fetch;
const origRect = HTMLElement.prototype.getBoundingClientRect;

const envelope = (status: number, code: number, message: string, data: unknown = null) =>
  new Response(JSON.stringify({ code, message, data, time: 0 }), { status, headers: { 'content-type': 'application/json' } });
const issued = (n: number) => ({
  id: 'x',
  text: ['风', '安', '★'],
  base64: `data:image/png;base64,AAA${n}`,
  width: 350,
  height: 200,
  expire: 0,
});

const settle = () => act(async () => new Promise((r) => setTimeout(r, 5)));

beforeEach(() => {
  sent = [];
  let issues = 0;
  issueReply = () => envelope(200, 200001, '', issued(++issues));
  checkReply = () => envelope(200, 200001, 'Verification is successful!');
  globalThis.fetch = mock(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    const method = init?.method ?? 'GET';
    sent.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : null });
    return url.includes('checkClickCaptcha') ? checkReply() : issueReply();
  }) as unknown as typeof fetch;
  // happy-dom lays nothing out: the image is "rendered" at half size, 10 px from the left, 20 from the top.
  HTMLElement.prototype.getBoundingClientRect = () =>
    ({ left: 10, top: 20, width: 175, height: 100, right: 185, bottom: 120, x: 10, y: 20, toJSON() {} }) as DOMRect;
});
afterEach(() => {
  cleanup();
  globalThis.fetch = origFetch;
  HTMLElement.prototype.getBoundingClientRect = origRect;
});

async function open(props: Partial<Parameters<typeof ClickCaptcha>[0]> = {}) {
  const onSuccess = mock(() => {});
  const onClose = mock(() => {});
  const view = render(<ClickCaptcha text={text} onSuccess={onSuccess} onClose={onClose} successDelay={0} retryDelay={0} {...props} />);
  await settle();
  const stage = view.getByRole('application');
  const click = async (x: number, y: number) => {
    await act(async () => {
      fireEvent.click(stage, { clientX: x, clientY: y });
    });
    await settle();
  };
  return { ...view, onSuccess, onClose, stage, click };
}

describe('ClickCaptcha', () => {
  test('a labelled modal dialog with the image, the prompt in order, refresh and close', async () => {
    const { getByRole, container } = await open();
    const dialog = getByRole('dialog');
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(dialog.getAttribute('aria-labelledby')!)?.textContent).toBe('Security check');
    expect(container.querySelector('.captcha-prompt')?.textContent).toBe('Please click风安★');
    expect(container.querySelector('img')?.getAttribute('src')).toBe('data:image/png;base64,AAA1');
    expect(getByRole('button', { name: 'Refresh' })).toBeTruthy();
    expect(getByRole('button', { name: 'Close' })).toBeTruthy();
    expect(sent[0].method).toBe('GET');
    expect(sent[0].url).toMatch(/\/userapi\/v1\/index\/clickCaptcha\?id=[0-9a-f-]{36}$/);
  });

  test('three clicks: numbered markers, a check with offsets and the rendered size, then onSuccess', async () => {
    const { click, container, onSuccess, getByRole } = await open();
    await click(60, 50);
    await click(110.5, 70);
    expect([...container.querySelectorAll('.captcha-marker')].map((m) => m.textContent)).toEqual(['1', '2']);
    expect(container.querySelectorAll('.captcha-item.is-done')).toHaveLength(2);
    await click(180, 115);
    const post = sent.find((s) => s.method === 'POST')!;
    expect(post.url).toEndWith('/userapi/v1/index/checkClickCaptcha');
    const id = new URL(sent[0].url, 'http://localhost').searchParams.get('id');
    expect(post.body).toEqual({ id, info: '50,30-100.5,50-170,95;175;100', unset: false });
    expect(getByRole('status').textContent).toBe('Verification is successful!');
    await settle();
    expect(onSuccess).toHaveBeenCalledWith({ captchaId: id, captchaInfo: '50,30-100.5,50-170,95;175;100' });
  });

  test('clicking a marker removes that click and the later ones', async () => {
    const { click, container, getByRole } = await open();
    await click(20, 30);
    await click(40, 50);
    await act(async () => {
      fireEvent.click(getByRole('button', { name: 'Remove click 1' }));
    });
    expect(container.querySelectorAll('.captcha-marker')).toHaveLength(0);
    expect(sent.filter((s) => s.method === 'POST')).toHaveLength(0);
  });

  test("a wrong answer shows the server's message and brings a fresh image", async () => {
    checkReply = () => envelope(400, 0, 'The correct area is not clicked, please try again!', { field: 'captcha' });
    const { click, getByRole, container, onSuccess } = await open({ unset: true, retryDelay: 40 });
    await click(20, 30);
    await click(40, 50);
    await click(60, 70);
    expect(sent.find((s) => s.method === 'POST')?.body?.unset).toBe(true);
    expect(getByRole('alert').textContent).toBe('The correct area is not clicked, please try again!');
    await act(async () => new Promise((r) => setTimeout(r, 80)));
    expect(sent.filter((s) => s.method === 'GET')).toHaveLength(2);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('data:image/png;base64,AAA2');
    expect(container.querySelectorAll('.captcha-marker')).toHaveLength(0);
    expect(onSuccess).not.toHaveBeenCalled();
  });

  test("loading failed: the spec's text, and the refresh button tries again", async () => {
    issueReply = () => envelope(500, 500001, 'Server internal error!');
    const { getByRole, container } = await open();
    expect(getByRole('alert').textContent).toBe('Loading failed, please click the refresh button');
    expect(container.querySelector('img')).toBeNull();
    issueReply = () => envelope(200, 200001, '', issued(9));
    await act(async () => {
      fireEvent.click(getByRole('button', { name: 'Refresh' }));
    });
    await settle();
    expect(container.querySelector('img')?.getAttribute('src')).toBe('data:image/png;base64,AAA9');
  });

  test('keyboard: arrows move the crosshair, Enter clicks, Backspace undoes, Escape closes', async () => {
    const { stage, container, onClose } = await open();
    await act(async () => {
      stage.focus();
    });
    const key = async (k: string, shiftKey = false) => {
      await act(async () => {
        fireEvent.keyDown(stage, { key: k, shiftKey });
      });
    };
    // The crosshair appears with the first key (Enter only shows it), not for pointer users.
    expect(container.querySelector('.captcha-cursor')).toBeNull();
    await key('Enter');
    expect(container.querySelector('.captcha-cursor')).not.toBeNull();
    expect(container.querySelectorAll('.captcha-marker')).toHaveLength(0);
    await key('ArrowRight');
    await key('ArrowRight');
    await key('ArrowUp', true);
    await key('Enter');
    await key(' ');
    expect(container.querySelectorAll('.captcha-marker')).toHaveLength(2);
    await key('Backspace');
    expect(container.querySelectorAll('.captcha-marker')).toHaveLength(1);
    await key('ArrowDown');
    await key('Enter');
    await key('Enter');
    await settle();
    // 0.5 + 2 × 0.04 = 0.58 across, 0.5 − 0.01 = 0.49 down, on the 175 × 100 rendering
    expect(sent.find((s) => s.method === 'POST')?.body?.info).toBe('101.5,49-101.5,53-101.5,53;175;100');
    await key('Escape');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  test('the texts exist in both languages and match the API wording', () => {
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    const zhText: ClickCaptchaText = zh;
    expect(zhText.failed).toBe(apiMessage('zh-cn', 'captcha.failed'));
    expect(en.failed).toBe(apiMessage('en', 'captcha.failed'));
    expect(zh.success).toBe(apiMessage('zh-cn', 'captcha.succeeded'));
    expect(en.success).toBe(apiMessage('en', 'captcha.succeeded'));
  });
});
