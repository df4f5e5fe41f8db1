import { afterEach, beforeEach, expect, test } from 'bun:test';
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { UPLOAD_URL, UploadField, type UploadedFile } from './upload-field';

/** A stand-in XMLHttpRequest: records what was sent; the test drives progress, load and abort. */
class FakeXhr {
  static last: FakeXhr | null = null;
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
    this.responseText = JSON.stringify(body);
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
  globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
});
afterEach(() => {
  cleanup();
  globalThis.XMLHttpRequest = orig;
});

function pick(container: HTMLElement, file: File) {
  const input = container.querySelector('input[type=file]') as HTMLInputElement;
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
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
