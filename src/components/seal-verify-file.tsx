/**
 * /verify's "compare a file" block as server markup; the plain-page script
 * (src/lib/plain-page/verify-file.ts) hashes the chosen file on this device and shows the answer
 * in the live region. /verify is a plain page (no React in the browser).
 */
import type { VerifyFileText } from '~/lib/plain-page/verify-file';

export function SealVerifyFile({ codeInputId, label, text }: { codeInputId: string; label: string; text: VerifyFileText }) {
  return (
    <div className="seal-verify-file" data-seal-verify={codeInputId} data-texts={JSON.stringify(text)}>
      <div className="field">
        <label htmlFor="seal-verify-file">{label}</label>
        <input id="seal-verify-file" type="file" accept="application/pdf,.pdf" />
      </div>
      <div aria-live="polite" />
    </div>
  );
}
