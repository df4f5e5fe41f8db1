/**
 * /verify (public, no login): a GET form for the verification code printed on a sealed file
 * (`?code=` fills it in and shows the answer), and a block that hashes the file on this device to
 * compare fingerprints. No member name is ever shown. A lookup here is one check against the
 * asking IP's limit, the same count as the API's (`verifyCode`); over it the page says so.
 * The comparison is a client component (`./verify-file.tsx`).
 */
import { Notice } from '~/ui/notice';
import { PageBand } from '~/ui/page-band';
import { pageContext } from '~/ui/page-context';
import { sealText } from '../texts';
import { apiMessage } from '~/features/_shared/messages';
import { verifyCode } from '../files';
import { SealVerifyFile } from './verify-file';
import { formatDate } from '~/lib/format';
import { getRequestContext } from '~/server/context';
import { getDb } from '~/server/db/client';
import { isDomainError } from '~/server/errors';
import './seal.css';

export async function VerifyPage({ query }: { query?: string }) {
  const { view } = await pageContext();
  const tx = sealText(view.locale);
  const code = (new URLSearchParams(query ?? '').get('code') ?? '').trim().slice(0, 40);
  let answer: Awaited<ReturnType<typeof verifyCode>> | null = null;
  let refused = '';
  if (code) {
    try {
      answer = await verifyCode(getDb(), getRequestContext().ip, code);
    } catch (err) {
      if (!isDomainError(err) || err.status !== 429) throw err;
      refused = apiMessage(view.locale, err.key, err.params);
    }
  }
  return (
    <>
      <PageBand title={tx.verify.title} lead={tx.verify.lead} siteName={view.site.siteName} />
      <div className="container section seal-verify">
        <section className="card" aria-labelledby="verify-form-title">
          <h2 id="verify-form-title" className="sr-only">
            {tx.verify.title}
          </h2>
          <form className="seal-verify-form" method="get" action="/verify">
            <div className="field">
              <label htmlFor="verify-code">{tx.verify.code}</label>
              <input
                id="verify-code"
                name="code"
                defaultValue={code}
                placeholder={tx.verify.placeholder}
                maxLength={40}
                autoComplete="off"
                required
              />
            </div>
            <button type="submit" className="btn btn-primary">
              {tx.verify.submit}
            </button>
          </form>
          {refused ? (
            <div className="seal-result" data-result="too_many">
              <Notice kind="warning" title={refused} role="alert" />
            </div>
          ) : null}
          {answer ? (
            <div className="seal-result" data-result={answer.result}>
              <Notice kind={answer.result === 'sealed' ? 'info' : 'danger'} title={tx.results[answer.result]} role="status">
                {answer.file ? (
                  <dl className="seal-dl">
                    <dt>{tx.verify.code}</dt>
                    <dd className="seal-mono">{answer.file.code}</dd>
                    <dt>{tx.verify.name}</dt>
                    <dd>{answer.file.name}</dd>
                    <dt>{tx.verify.pages}</dt>
                    <dd>{answer.file.pages}</dd>
                    <dt>{tx.verify.sealedAt}</dt>
                    <dd>{formatDate(answer.file.sealed_at, 'YYYY-MM-DD HH:mm', view.timeZone)}</dd>
                    <dt>{tx.verify.company}</dt>
                    <dd>{answer.file.company_name}</dd>
                    <dt>{tx.verify.seal}</dt>
                    <dd>{answer.file.seal_name}</dd>
                    <dt>{tx.verify.sealStatus}</dt>
                    <dd>{tx.statuses[answer.file.seal_status as keyof typeof tx.statuses] ?? answer.file.seal_status}</dd>
                    <dt>{tx.verify.sha256}</dt>
                    <dd className="seal-mono">{answer.file.sha256}</dd>
                  </dl>
                ) : null}
              </Notice>
            </div>
          ) : null}
        </section>
        <section className="card" aria-labelledby="verify-file-title">
          <h2 id="verify-file-title">{tx.verify.compare}</h2>
          <SealVerifyFile
            codeInputId="verify-code"
            locale={view.locale}
            label={tx.verify.file}
            text={{
              hashing: tx.verify.hashing,
              localSha: tx.verify.localSha,
              needCode: tx.verify.needCode,
              tooMany: tx.verify.tooMany,
              results: { valid: tx.results.valid, voided: tx.results.voided, altered: tx.results.altered, not_found: tx.results.not_found },
            }}
          />
        </section>
      </div>
    </>
  );
}
