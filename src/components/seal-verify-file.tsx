/**
 * /verify's "compare a file" block as server markup; the `seal-verify` behaviour
 * (src/behaviours/seal-verify.ts) hashes the chosen file on this device and shows the answer
 * in the live region. No island: plain markup, enhanced where the page loads that behaviour.
 */
import type { VerifyFileText } from '~/behaviours/seal-verify';

export function SealVerifyFile({ codeInputId, label, text }: { codeInputId: string; label: string; text: VerifyFileText }) {
  return (
    <div className="seal-verify-file" data-behaviour="seal-verify" data-seal-verify={codeInputId} data-texts={JSON.stringify(text)}>
      <div className="field">
        <label htmlFor="seal-verify-file">{label}</label>
        <input id="seal-verify-file" type="file" accept="application/pdf,.pdf" />
      </div>
      <div aria-live="polite" />
    </div>
  );
}
