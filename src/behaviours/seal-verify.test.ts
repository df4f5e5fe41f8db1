import { afterAll, beforeEach, describe, expect, test } from 'bun:test';
import { enhance, type VerifyFileText } from './seal-verify';

const TEXT: VerifyFileText = {
  hashing: 'Hashing…',
  localSha: 'SHA-256 on this device',
  needCode: 'Enter the verification code first.',
  tooMany: 'Too many checks.',
  results: { valid: 'This is the sealed file.', voided: 'Voided.', altered: 'Altered!', not_found: 'Unknown code.' },
};
const seen: string[] = [];
const server = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  fetch(req) {
    const url = new URL(req.url);
    seen.push(`${req.method} ${url.search}`);
    const code = url.searchParams.get('code');
    if (code === 'BUSY') return Response.json({ code: 429001, message: 'Try again in 60 s.', data: null }, { status: 429 });
    if (code === 'GONE') return Response.json({ code: 404001, message: 'No such code.', data: null }, { status: 404 });
    return Response.json({ code: 200001, message: '', data: { result: 'valid' } });
  },
});
afterAll(() => server.stop(true));

function mount(code: string) {
  document.body.innerHTML = `<input id="verify-code" value="${code}">
    <div class="seal-verify-file" data-seal-verify="verify-code" data-texts='${JSON.stringify(TEXT)}'>
      <div class="field"><label for="f">File</label><input id="f" type="file"></div><div aria-live="polite"></div>
    </div>`;
  const root = document.querySelector<HTMLElement>('[data-seal-verify]')!;
  enhance(root, `http://127.0.0.1:${server.port}/verify-api`);
  return root;
}

/** Chooses `content` as the file, as the file picker would. */
async function choose(root: HTMLElement, content: string) {
  const input = root.querySelector<HTMLInputElement>('input[type="file"]')!;
  const file = new File([content], 'copy.pdf', { type: 'application/pdf' });
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  input.dispatchEvent(new Event('change'));
  for (let i = 0; i < 50 && root.querySelector('[aria-live] .muted'); i++) await Bun.sleep(10);
}

const sha256 = (s: string) => new Bun.CryptoHasher('sha256').update(s).digest('hex');

beforeEach(() => {
  seen.length = 0;
});

describe('verify a file on /verify', () => {
  test('hashes on this device, sends only code and fingerprint, shows the answer', async () => {
    const root = mount('ABCD-1234');
    await choose(root, '%PDF-1.7 sealed');
    expect(seen).toEqual([`GET ?code=ABCD-1234&sha256=${sha256('%PDF-1.7 sealed')}`]);
    expect(root.querySelector('[aria-live]')!.textContent).toContain(sha256('%PDF-1.7 sealed'));
    const result = root.querySelector('[data-result]')!;
    expect([result.getAttribute('role'), result.className, result.textContent]).toEqual([
      'status',
      'seal-status seal-result-valid',
      'This is the sealed file.',
    ]);
  });

  test('without a code it asks for one and sends nothing', async () => {
    const root = mount('  ');
    await choose(root, 'x');
    expect(seen).toEqual([]);
    expect(root.querySelector('[role="alert"]')?.textContent).toBe('Enter the verification code first.');
    expect(document.activeElement?.id).toBe('verify-code');
  });

  test("over the limit and unknown answers show the server's message", async () => {
    let root = mount('BUSY');
    await choose(root, 'x');
    expect(root.querySelector('[role="alert"]')?.textContent).toBe('Try again in 60 s.');
    root = mount('GONE');
    await choose(root, 'x');
    expect(root.querySelector('[role="alert"]')?.textContent).toBe('No such code.');
  });
});
