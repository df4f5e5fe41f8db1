'use client';
/**
 * /verify: hashes a chosen file on this device (WebCrypto SHA-256; the file is never uploaded)
 * and asks GET /userapi/v1/seal/verify?code=&sha256= whether it is the sealed file.
 */
import { useId, useState } from 'react';

export interface VerifyFileText {
  file: string;
  hashing: string;
  localSha: string;
  needCode: string;
  tooMany: string;
  results: Record<'valid' | 'voided' | 'altered' | 'not_found', string>;
}

const hex = (buf: ArrayBuffer) => Array.from(new Uint8Array(buf), (b) => b.toString(16).padStart(2, '0')).join('');

export function SealVerifyFile({ codeInputId, text }: { codeInputId: string; text: VerifyFileText }) {
  const uid = useId();
  const [state, setState] = useState<{ busy: boolean; sha?: string; result?: string; error?: string }>({ busy: false });
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const input = document.getElementById(codeInputId) as HTMLInputElement | null;
    const code = input?.value.trim() ?? '';
    if (!code) {
      setState({ busy: false, error: text.needCode });
      input?.focus();
      return;
    }
    setState({ busy: true });
    try {
      const sha = hex(await crypto.subtle.digest('SHA-256', await file.arrayBuffer()));
      const res = await fetch(`/userapi/v1/seal/verify?code=${encodeURIComponent(code)}&sha256=${sha}`, {
        headers: { accept: 'application/json' },
      });
      const body = (await res.json()) as { code: number; message: string; data: { result?: keyof VerifyFileText['results'] } | null };
      // Over the per-IP limit: the server's message says how long to wait (in the page's language).
      if (res.status === 429) setState({ busy: false, sha, error: body.message || text.tooMany });
      else if (body.data?.result) setState({ busy: false, sha, result: body.data.result });
      else setState({ busy: false, sha, error: body.message });
    } catch (err) {
      setState({ busy: false, error: String((err as Error).message ?? err) });
    }
  };
  return (
    <div className="seal-verify-file">
      <div className="field">
        <label htmlFor={`${uid}-file`}>{text.file}</label>
        <input id={`${uid}-file`} type="file" accept="application/pdf,.pdf" onChange={(e) => void onFile(e.target.files?.[0])} />
      </div>
      <div aria-live="polite">
        {state.busy ? <p className="muted">{text.hashing}</p> : null}
        {state.sha ? (
          <p>
            {text.localSha}: <span className="seal-mono">{state.sha}</span>
          </p>
        ) : null}
        {state.result ? (
          <p className={`seal-status seal-result-${state.result}`} data-result={state.result} role="status">
            {text.results[state.result as keyof VerifyFileText['results']]}
          </p>
        ) : null}
        {state.error ? (
          <p className="field-error" role="alert">
            {state.error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
