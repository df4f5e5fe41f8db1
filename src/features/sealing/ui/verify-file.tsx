'use client';
/**
 * /verify's file comparison: hashes the chosen file on this device (WebCrypto SHA-256; the file is
 * never uploaded) and asks GET /userapi/v1/seal/verify?code=&sha256= whether it is the sealed file.
 * The code comes from the page's code field (`codeInputId`); answers go into the live region.
 */
import { type ReactNode, useState } from 'react';
import type { Locale } from '~/lib/types';
import { UploadArea } from '~/ui/upload-area';

/** Texts of the comparison, in the page's language. */
export interface VerifyFileText {
  hashing: string;
  localSha: string;
  needCode: string;
  tooMany: string;
  results: Record<'valid' | 'voided' | 'altered' | 'not_found', string>;
}

const hex = (buf: ArrayBuffer) => Array.from(new Uint8Array(buf), (b) => b.toString(16).padStart(2, '0')).join('');

export function SealVerifyFile({
  codeInputId,
  label,
  locale,
  text,
  endpoint = '/userapi/v1/seal/verify',
}: {
  codeInputId: string;
  label: string;
  locale: Locale;
  text: VerifyFileText;
  endpoint?: string;
}) {
  const [answer, setAnswer] = useState<ReactNode>(null);
  const shaLine = (sha: string) => (
    <p>
      {`${text.localSha}: `}
      <span className="seal-mono">{sha}</span>
    </p>
  );
  const error = (message: string) => (
    <p className="field-error" role="alert">
      {message}
    </p>
  );

  const compare = async (file: File | undefined) => {
    if (!file) return;
    const codeInput = document.getElementById(codeInputId) as HTMLInputElement | null;
    const code = codeInput?.value.trim() ?? '';
    if (!code) {
      setAnswer(error(text.needCode));
      codeInput?.focus();
      return;
    }
    setAnswer(<p className="muted">{text.hashing}</p>);
    try {
      const sha = hex(await crypto.subtle.digest('SHA-256', await file.arrayBuffer()));
      const res = await fetch(`${endpoint}?code=${encodeURIComponent(code)}&sha256=${sha}`, { headers: { accept: 'application/json' } });
      const body = (await res.json()) as { message: string; data: { result?: keyof VerifyFileText['results'] } | null };
      const result = body.data?.result;
      // Over the per-IP limit: the server's message says how long to wait (in the page's language).
      if (res.status === 429)
        setAnswer(
          <>
            {shaLine(sha)}
            {error(body.message || text.tooMany)}
          </>,
        );
      else if (result)
        setAnswer(
          <>
            {shaLine(sha)}
            <p className={`seal-status seal-result-${result}`} data-result={result} role="status">
              {text.results[result]}
            </p>
          </>,
        );
      else
        setAnswer(
          <>
            {shaLine(sha)}
            {error(body.message)}
          </>,
        );
    } catch (err) {
      setAnswer(error(String((err as Error).message ?? err)));
    }
  };

  return (
    <div className="seal-verify-file">
      <div className="field">
        <label htmlFor="seal-verify-file">{label}</label>
        <UploadArea id="seal-verify-file" locale={locale} kinds={['pdf']} showChosen onFiles={([file]) => void compare(file)} />
      </div>
      <div aria-live="polite">{answer}</div>
    </div>
  );
}
