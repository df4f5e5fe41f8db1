/**
 * Behaviour `seal-verify`: /verify's file comparison: hashes the chosen file on this device (WebCrypto
 * SHA-256; the file is never uploaded) and asks GET /userapi/v1/seal/verify?code=&sha256= whether
 * it is the sealed file. The markup comes from src/components/seal-verify-file.tsx: the root element
 * carries `data-seal-verify` (the id of the code input) and `data-texts`; answers go into its
 * `[aria-live]` region.
 */

/** Texts of the comparison, in the page's language (JSON in `data-texts`). */
export interface VerifyFileText {
  hashing: string;
  localSha: string;
  needCode: string;
  tooMany: string;
  results: Record<'valid' | 'voided' | 'altered' | 'not_found', string>;
}

const hex = (buf: ArrayBuffer) => Array.from(new Uint8Array(buf), (b) => b.toString(16).padStart(2, '0')).join('');

function paragraph(doc: Document, text: string, attrs: Record<string, string> = {}): HTMLParagraphElement {
  const p = doc.createElement('p');
  p.textContent = text;
  for (const [k, v] of Object.entries(attrs)) p.setAttribute(k, v);
  return p;
}

/** Wires one comparison block; returns the function that removes its listener. */
export function enhance(root: HTMLElement, endpoint = '/userapi/v1/seal/verify'): () => void {
  const doc = root.ownerDocument;
  const text = JSON.parse(root.dataset.texts || '{}') as VerifyFileText;
  const input = root.querySelector<HTMLInputElement>('input[type="file"]');
  const live = root.querySelector<HTMLElement>('[aria-live]');
  if (!input || !live) return () => {};
  const show = (...nodes: Node[]) => live.replaceChildren(...nodes);
  const shaLine = (sha: string) => {
    const p = paragraph(doc, `${text.localSha}: `);
    const mono = doc.createElement('span');
    mono.className = 'seal-mono';
    mono.textContent = sha;
    p.append(mono);
    return p;
  };
  const error = (message: string) => paragraph(doc, message, { class: 'field-error', role: 'alert' });

  const onChange = async () => {
    const file = input.files?.[0];
    if (!file) return;
    const codeInput = doc.getElementById(root.dataset.sealVerify ?? '') as HTMLInputElement | null;
    const code = codeInput?.value.trim() ?? '';
    if (!code) {
      show(error(text.needCode));
      codeInput?.focus();
      return;
    }
    show(paragraph(doc, text.hashing, { class: 'muted' }));
    try {
      const sha = hex(await crypto.subtle.digest('SHA-256', await file.arrayBuffer()));
      const res = await fetch(`${endpoint}?code=${encodeURIComponent(code)}&sha256=${sha}`, {
        headers: { accept: 'application/json' },
      });
      const body = (await res.json()) as { message: string; data: { result?: keyof VerifyFileText['results'] } | null };
      const result = body.data?.result;
      // Over the per-IP limit: the server's message says how long to wait (in the page's language).
      if (res.status === 429) show(shaLine(sha), error(body.message || text.tooMany));
      else if (result)
        show(
          shaLine(sha),
          paragraph(doc, text.results[result], { class: `seal-status seal-result-${result}`, 'data-result': result, role: 'status' }),
        );
      else show(shaLine(sha), error(body.message));
    } catch (err) {
      show(error(String((err as Error).message ?? err)));
    }
  };
  const listener = () => void onChange();
  input.addEventListener('change', listener);
  return () => input.removeEventListener('change', listener);
}
