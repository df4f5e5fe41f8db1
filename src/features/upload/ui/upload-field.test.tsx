import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { CALLBACK_URL, TOKEN_URL, UPLOAD_URL, UploadField, type UploadedFile } from './upload-field';

/** A stand-in XMLHttpRequest: records what was sent; the test drives progress, load and abort. */
class FakeXhr {
  static last: FakeXhr | null = null;
  static all: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  aborted = false;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
    FakeXhr.all.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }
}

const rules = { maxSize: 1000, allowedSuffixes: 'png,jpg', allowedMimeTypes: '' };
const orig = globalThis.XMLHttpRequest;
const stored: UploadedFile = {
  id: 7,
  url: '/storage/avatar/20261124/facea94a8fe5.png',
  full_url: 'http://localhost/storage/avatar/20261124/facea94a8fe5.png',
  name: 'face.png',
  size: 4,
  type: 'image/png',
  sha1: 'a94a8fe5ccb19ba61c4c0873d391e987982fbbd3',
  topic: 'avatar',
  storage: 'local',
  width: 1,
  height: 1,
};

beforeEach(() => {
  FakeXhr.last = null;
  FakeXhr.all = [];
  globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
});
afterEach(() => {
  cleanup();
  globalThis.XMLHttpRequest = orig;
});

function pick(container: HTMLElement, ...files: File[]) {
  const input = container.querySelector('input[type=file]') as HTMLInputElement;
  Object.defineProperty(input, 'files', { value: files, configurable: true });
  fireEvent.change(input);
}
const alertText = (c: HTMLElement) => c.querySelector('[role=alert]')?.textContent;

test('the spec checks run in order before anything is sent', () => {
  const { container } = render(<UploadField lang="en" rules={rules} />);
  pick(container, new File([], 'empty.png'));
  expect(alertText(container)).toBe('The data of the uploaded file is incomplete!');
  // Type before size.
  pick(container, new File([new Uint8Array(5000)], 'big.exe'));
  expect(alertText(container)).toBe('The type of uploaded file is not allowed!');
  pick(container, new File([new Uint8Array(5000)], 'BIG.PNG'));
  expect(alertText(container)).toBe('The size of the uploaded file exceeds the allowed range!');
  expect(FakeXhr.last).toBeNull();
});

test('upload with progress, then the stored URL is the form value', async () => {
  let done: UploadedFile | null = null;
  const { container } = render(<UploadField lang="en" name="avatar" topic="avatar" image rules={rules} onUploaded={(f) => (done = f)} />);
  pick(container, new File([new Uint8Array([1, 2, 3, 4])], 'face.png', { type: 'image/png' }));
  const xhr = FakeXhr.last!;
  expect([xhr.method, xhr.url]).toEqual(['POST', UPLOAD_URL]);
  expect(xhr.headers).toMatchObject({ server: 'true', equipment: 'pc', 'think-lang': 'en' });
  expect((xhr.body!.get('file') as File).name).toBe('face.png');
  expect(xhr.body!.get('topic')).toBe('avatar');
  expect(container.querySelector('img.upload-field__preview')).not.toBeNull();
  await act(async () => xhr.upload.onprogress?.({ lengthComputable: true, loaded: 40, total: 100 }));
  expect(container.textContent).toContain('Uploading 40%');
  expect(container.querySelector('progress')?.getAttribute('value')).toBe('40');
  await act(async () => xhr.respond(200, { code: 200001, message: 'File uploaded successfully', data: { file: stored }, time: 0 }));
  expect((container.querySelector('input[name=avatar]') as HTMLInputElement).value).toBe(stored.url);
  expect(container.querySelector('[role=status]')?.textContent).toBe('Uploaded: face.png');
  expect(done!.id).toBe(7);
});

test('cancel aborts the request and leaves the field empty; server refusals are shown', async () => {
  const { container, getByText } = render(<UploadField lang="zh-cn" rules={rules} />);
  pick(container, new File([new Uint8Array([1])], 'a.png'));
  expect(container.textContent).toContain('上传中 0%');
  await act(async () => fireEvent.click(getByText('取消')));
  expect(FakeXhr.last!.aborted).toBe(true);
  expect(container.querySelector('progress')).toBeNull();
  expect((container.querySelector('input[type=hidden]') as HTMLInputElement).value).toBe('');

  pick(container, new File([new Uint8Array([1])], 'b.png'));
  await act(async () => FakeXhr.last!.respond(415, { code: 415001, message: '上传的文件类型不被允许！', data: null, time: 0 }));
  expect(alertText(container)).toBe('上传的文件类型不被允许！');
});

test('several files: each has its own progress and cancel; a refused one is named, the others go', async () => {
  const { container } = render(<UploadField lang="en" name="files" multiple rules={rules} />);
  pick(
    container,
    new File([new Uint8Array([1])], 'a.png'),
    new File([new Uint8Array([2])], 'b.exe'),
    new File([new Uint8Array([3])], 'c.jpg'),
  );
  expect(alertText(container)).toBe('b.exe: The type of uploaded file is not allowed!');
  expect(FakeXhr.all).toHaveLength(2);
  const [a, c] = FakeXhr.all as [FakeXhr, FakeXhr];
  await act(async () => a.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 4 }));
  await act(async () => c.upload.onprogress?.({ lengthComputable: true, loaded: 3, total: 4 }));
  const rows = () => Array.from(container.querySelectorAll('li')).map((li) => li.textContent);
  // Each row: name, size, progress and cancel.
  expect(rows()).toEqual(['a.png1\u00a0BUploading 25%Cancel', 'c.jpg1\u00a0BUploading 75%Cancel']);
  await act(async () => fireEvent.click(container.querySelectorAll('li button')[0] as HTMLElement));
  expect(a.aborted).toBe(true);
  await act(async () =>
    c.respond(200, { code: 200001, message: '', data: { file: { ...stored, id: 9, url: '/storage/x/c.jpg', name: 'c.jpg' } }, time: 0 }),
  );
  expect(rows()).toEqual(['Uploaded: c.jpg1\u00a0BRemove']);
  expect((container.querySelector('input[name=files]') as HTMLInputElement).value).toBe('/storage/x/c.jpg');
});

describe('direct mode (object store)', () => {
  const origFetch = globalThis.fetch;
  let calls: { url: string; body: Record<string, unknown> }[] = [];
  const config = {
    mode: 's3',
    maxSize: 1000,
    saveName: '/storage/{topic}/{fileName}{fileSha1}{.suffix}',
    allowedSuffixes: 'png',
    allowedMimeTypes: '',
    url: 'http://store.test/portal',
    params: { policy: 'P', 'x-amz-signature': 'S', 'x-ignore-key-prefix': 'incoming/abc/', 'x-ignore-expires': 4_000_000_000 },
  };
  beforeEach(() => {
    calls = [];
    globalThis.fetch = (async (url: string, init: RequestInit) => {
      calls.push({ url, body: JSON.parse(String(init.body)) });
      const data = url === TOKEN_URL ? { upload: config } : { file: { ...stored, id: 11, storage: 's3' } };
      return new Response(JSON.stringify({ code: 200001, message: '', data, time: 0 }));
    }) as typeof fetch;
  });
  afterEach(() => {
    globalThis.fetch = origFetch;
  });
  const waitFor = async (check: () => boolean) => {
    for (let i = 0; i < 100 && !check(); i++) await act(async () => new Promise((r) => setTimeout(r, 5)));
  };

  test('a fresh policy, the presigned POST to the store under the prefix, then the callback; the id is the value', async () => {
    const { container } = render(
      <UploadField lang="en" name="file_id" valueKind="id" topic="avatar" rules={{ ...config, params: undefined }} />,
    );
    pick(container, new File([new TextEncoder().encode('abc')], 'Face.png', { type: 'image/png' }));
    await waitFor(() => FakeXhr.all.length > 0);
    expect(calls[0]?.url).toBe(TOKEN_URL);
    const xhr = FakeXhr.last!;
    expect(xhr.url).toBe('http://store.test/portal');
    // sha1('abc') = a9993e36…; the key: prefix + the saveName template without its storage/ root.
    expect(xhr.body?.get('key')).toBe('incoming/abc/avatar/Facea9993e36.png');
    expect(xhr.body?.get('policy')).toBe('P');
    expect(xhr.body?.get('x-ignore-key-prefix')).toBeNull();
    expect(xhr.headers['think-lang']).toBeUndefined();
    await act(async () => xhr.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 }));
    expect(container.textContent).toContain('Uploading 50%');
    await act(async () => xhr.respond(204, ''));
    await waitFor(() => calls.length > 1);
    expect(calls[1]).toEqual({
      url: CALLBACK_URL,
      body: {
        url: 'http://store.test/portal/incoming/abc/avatar/Facea9993e36.png',
        name: 'Face.png',
        size: 3,
        type: 'image/png',
        sha1: 'a9993e364706816aba3e25717850c26c9cd0d89d',
        topic: 'avatar',
      },
    });
    await waitFor(() => !!container.querySelector('[role=status]'));
    expect((container.querySelector('input[name=file_id]') as HTMLInputElement).value).toBe('11');
  });

  test("a store error is shown with the store's message (zh-cn)", async () => {
    const { container } = render(<UploadField lang="zh-cn" rules={config} />);
    pick(container, new File([new Uint8Array([1, 2])], 'a.png'));
    await waitFor(() => FakeXhr.all.length > 0);
    expect(calls).toHaveLength(0);
    await act(async () => FakeXhr.last!.respond(403, '<Error><Code>AccessDenied</Code><Message>Policy expired</Message></Error>'));
    await waitFor(() => !!alertText(container));
    expect(alertText(container)).toBe('文件存储服务出错: Policy expired');
  });
});
