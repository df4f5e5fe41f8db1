import { describe, expect, test } from 'bun:test';
import { type ApiError, http, httpErrorMessage, statusMessage, tokenStore } from './index';
import { base, fail, navigations, toasts, setupTestServer } from '../../../tests/support/http-test-server';

setupTestServer();

/* ---------- Messages ---------- */

const TABLE_EN: Array<[number, string]> = [
  [302, 'Interface redirected!'],
  [400, 'Incorrect parameter!'],
  [401, 'You do not have permission to operate!'],
  [403, 'You do not have permission to operate!'],
  [404, 'Error requesting address:/some/url'],
  [408, 'Request timed out!'],
  [409, 'The same data already exists in the system!'],
  [500, 'Server internal error!'],
  [501, 'Service not implemented!'],
  [502, 'Gateway error!'],
  [503, 'Service unavailable!'],
  [504, 'The service is temporarily unavailable Please try again later!'],
  [505, 'HTTP version is not supported!'],
  [418, 'Abnormal problem, please contact the website administrator!'],
  [413, 'Abnormal problem, please contact the website administrator!'],
];
const TABLE_ZH: Array<[number, string]> = [
  [302, '接口重定向了！'],
  [400, '参数不正确！'],
  [401, '您没有权限操作！'],
  [403, '您没有权限操作！'],
  [404, '请求地址出错:/some/url'],
  [408, '请求超时！'],
  [409, '系统中已存在相同的数据！'],
  [500, '服务器内部错误！'],
  [501, '服务未实现！'],
  [502, '网关错误！'],
  [503, '服务不可用！'],
  [504, '服务暂时无法访问，请稍后再试！'],
  [505, 'HTTP 版本不受支持！'],
  [418, '异常问题，请联系网站管理员！'],
];

describe('§8 status messages', () => {
  test('English table, word for word', () => {
    for (const [status, text] of TABLE_EN) expect(statusMessage(status, '/some/url', 'en')).toBe(text);
  });

  test('Chinese table', () => {
    for (const [status, text] of TABLE_ZH) expect(statusMessage(status, '/some/url', 'zh-cn')).toBe(text);
  });

  test('the language follows <html lang>', async () => {
    document.documentElement.lang = 'zh-cn';
    await fail(http.get(`${base}/status/502`));
    document.documentElement.lang = 'en';
    await fail(http.get(`${base}/status/502`));
    expect(toasts().map((t) => t.message)).toEqual(['网关错误！', 'Gateway error!']);
  });

  test('real responses show the table text (404 with the url as the caller gave it)', async () => {
    await fail(http.get(`${base}/status/500`, undefined, { retry: false }));
    await fail(http.get(`${base}/missing`, { q: 1 }));
    await fail(http.post(`${base}/status/418`));
    expect(toasts().map((t) => t.message)).toEqual([
      'Server internal error!',
      `Error requesting address:${base}/missing`,
      'Abnormal problem, please contact the website administrator!',
    ]);
  });

  test('envelope message wins for 400/401/403/409, the table for other statuses', async () => {
    expect(httpErrorMessage(400, '/u', 'Field x', 'en')).toBe('Field x');
    expect(httpErrorMessage(400, '/u', '', 'en')).toBe('Incorrect parameter!');
    expect(httpErrorMessage(500, '/u', 'boom', 'en')).toBe('Server internal error!');
    await fail(http.post(`${base}/validation`));
    await fail(http.post(`${base}/forbidden`));
    await fail(http.post(`${base}/conflict`));
    await fail(http.post(`${base}/server-error-envelope`));
    expect(toasts().map((t) => t.message)).toEqual([
      'Please enter the correct mobile number',
      'Not for your group',
      'Mobile already used',
      'Server internal error!',
    ]);
  });

  test('a 400 error keeps its envelope for inline field errors', async () => {
    const e = (await fail(http.post(`${base}/validation`, {}, { showErrorMessage: false }))) as ApiError<{ field: string }>;
    expect(e.kind).toBe('http');
    expect(e.code).toBe(400001);
    expect(e.data).toEqual({ field: 'mobile' });
    expect(e.message).toBe('Please enter the correct mobile number');
    expect(toasts()).toEqual([]);
  });

  test('showErrorMessage: false suppresses the HTTP error toast', async () => {
    await fail(http.get(`${base}/status/503`, undefined, { showErrorMessage: false }));
    expect(toasts()).toEqual([]);
  });
});

describe('envelope codes', () => {
  test('code ≠ 200001 with a message → error toast; rejects with ApiError kind code', async () => {
    const e = (await fail(http.get(`${base}/code`))) as ApiError;
    expect(e.kind).toBe('code');
    expect(e.code).toBe(400001);
    expect(toasts()).toEqual([{ type: 'error', message: 'Mobile number is wrong' }]);
  });

  test('no toast without a message, or with showCodeMessage: false', async () => {
    await fail(http.get(`${base}/code-no-message`));
    await fail(http.get(`${base}/code`, undefined, { showCodeMessage: false }));
    expect(toasts()).toEqual([]);
  });

  test('success resolves with the envelope; no toast by default', async () => {
    const r = await http.get<{ echo: boolean }>(`${base}/ok`);
    expect(r).toEqual({ code: 200001, message: 'Saved', data: { echo: true }, time: 1 });
    expect(toasts()).toEqual([]);
  });

  test('showSuccessMessage: given text, else the envelope message, else the translated default', async () => {
    await http.post(`${base}/ok`, {}, { showSuccessMessage: true, successMessage: 'Exported' });
    await http.post(`${base}/ok`, { n: 2 }, { showSuccessMessage: true });
    await http.post(`${base}/ok-silent`, {}, { showSuccessMessage: true });
    document.documentElement.lang = 'zh-cn';
    await http.post(`${base}/ok-silent`, { n: 2 }, { showSuccessMessage: true });
    expect(toasts()).toEqual([
      { type: 'success', message: 'Exported' },
      { type: 'success', message: 'Saved' },
      { type: 'success', message: 'Operation successful' },
      { type: 'success', message: '操作成功' },
    ]);
  });

  test('a 2xx body that is not an envelope is an error', async () => {
    const e = (await fail(http.get(`${base}/not-envelope`))) as ApiError;
    expect(e.kind).toBe('format');
    expect(toasts()).toEqual([{ type: 'error', message: 'Abnormal problem, please contact the website administrator!' }]);
  });
});

describe('login required', () => {
  test('401001 clears the tokens and goes to /user/login?to=<current path>, without a toast', async () => {
    tokenStore.set({ token: 'old' });
    const e = (await fail(http.get(`${base}/need-login`))) as ApiError;
    expect(e.kind).toBe('login');
    expect(e.code).toBe(401001);
    expect(navigations).toEqual(['/user/login?to=%2Fuser%2Forder%2Fguzhu%3Fpage%3D2']);
    expect(tokenStore.get()).toEqual({});
    expect(toasts()).toEqual([]);
  });

  test("401200 and data.type 'need login' do the same", async () => {
    await fail(http.post(`${base}/expired`));
    await fail(http.get(`${base}/need-login-type`));
    expect(navigations.length).toBe(2);
    expect(toasts()).toEqual([]);
  });

  test('no navigation when already on the login page', async () => {
    history.replaceState(null, '', '/user/login?to=%2Fuser');
    await fail(http.get(`${base}/need-login`));
    expect(navigations).toEqual([]);
  });
});

describe('network failure', () => {
  const dead = 'http://127.0.0.1:1/nothing';

  test("online: 'Server exception!'", async () => {
    const e = await fail(http.get(dead, undefined, { retry: false }));
    expect(e).toBeInstanceOf(TypeError);
    expect(toasts()).toEqual([{ type: 'error', message: 'Server exception!' }]);
  });

  test("offline: 'You are disconnected!' (and in Chinese)", async () => {
    Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
    const lang = document.documentElement.lang;
    try {
      await fail(http.get(dead));
      document.documentElement.lang = 'zh-cn';
      await fail(http.get(dead));
      expect(toasts().map((t) => t.message)).toEqual(['You are disconnected!', '您已断网！']);
    } finally {
      // Every test file shares this window: later ones must find it online, in its language.
      delete (navigator as { onLine?: boolean }).onLine;
      document.documentElement.lang = lang;
    }
  });
});
