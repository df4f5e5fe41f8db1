/**
 * /verify/cover (public, no login): a GET form for the check code printed on a proof of cover
 * (`?code=` fills it in and shows the answer, as the certificate's QR code does). The answer shows
 * what the certificate printed and, per person listed, whether they are covered today — never a
 * full ID number. A lookup is one check against the asking IP's limit (the API's count too); over
 * it the page says so. Same answer in both languages (the header's language switch).
 */
import { apiMessage } from '~/features/_shared/messages';
import { orderText } from '~/features/orders/texts';
import { formatDate } from '~/lib/format';
import { getRequestContext } from '~/server/context';
import { getDb } from '~/server/db/client';
import { isDomainError } from '~/server/errors';
import { Notice } from '~/ui/notice';
import { PageBand } from '~/ui/page-band';
import { pageContext } from '~/ui/page-context';
import { formatCode, normalizeCode } from '../codes';
import { coverText, fill } from '../texts';
import { verifyCover } from '../verify';
import './cover.css';

export async function CoverVerifyPage({ query }: { query?: string }) {
  const { view } = await pageContext();
  const tx = coverText(view.locale).verify;
  const products = orderText(view.locale).products;
  const en = view.locale === 'en';
  const code = (new URLSearchParams(query ?? '').get('code') ?? '').trim().slice(0, 40);
  let answer: Awaited<ReturnType<typeof verifyCover>> | null = null;
  let refused = '';
  if (code) {
    try {
      answer = await verifyCover(getDb(), getRequestContext().ip, code);
    } catch (err) {
      if (!isDomainError(err) || err.status !== 429) throw err;
      refused = apiMessage(view.locale, err.key, err.params);
    }
  }
  const cert = answer?.certificate;
  const shown = code ? formatCode(normalizeCode(code)) : '';
  return (
    <>
      <PageBand title={tx.title} lead={tx.lead} siteName={view.site.siteName} />
      <div className="container section cover-verify">
        <section className="card" aria-labelledby="cover-verify-title">
          <h2 id="cover-verify-title" className="sr-only">
            {tx.title}
          </h2>
          <form className="cover-verify-form" method="get" action="/verify/cover">
            <div className="field">
              <label htmlFor="cover-code">{tx.code}</label>
              <input
                id="cover-code"
                name="code"
                defaultValue={code}
                placeholder={tx.placeholder}
                maxLength={40}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                required
              />
            </div>
            <button type="submit" className="btn btn-primary">
              {tx.submit}
            </button>
          </form>
          {refused ? (
            <div className="cover-verify-result" data-result="too_many">
              <Notice kind="warning" title={refused} role="alert" />
            </div>
          ) : null}
          {answer ? (
            <div className="cover-verify-result" data-result={answer.result}>
              <Notice
                kind={answer.result === 'valid' ? 'info' : answer.result === 'revoked' ? 'warning' : 'danger'}
                title={tx.results[answer.result]}
                role="status"
              />
              {cert ? (
                <dl className="cover-facts">
                  <dt>{tx.code}</dt>
                  <dd className="cover-code" translate="no">
                    {shown}
                  </dd>
                  <dt>{tx.holder}</dt>
                  <dd translate="no">{cert.policyholder}</dd>
                  <dt>{tx.policyNo}</dt>
                  <dd translate="no" data-policy-no>
                    {cert.policy_no}
                  </dd>
                  <dt>{tx.plan}</dt>
                  <dd>
                    {products[cert.product] ?? cert.product} · {en ? cert.plan_en : cert.plan}
                  </dd>
                  <dt>{tx.period}</dt>
                  <dd>
                    {cert.start_date} ~ {cert.end_date}
                  </dd>
                  <dt>{tx.day}</dt>
                  <dd data-cover-day>{cert.day}</dd>
                  <dt>{tx.issued}</dt>
                  <dd>{formatDate(cert.issued_at, 'YYYY-MM-DD HH:mm', view.timeZone)}</dd>
                  {cert.revoked_at ? (
                    <>
                      <dt>{tx.revokedAt}</dt>
                      <dd>{formatDate(cert.revoked_at, 'YYYY-MM-DD HH:mm', view.timeZone)}</dd>
                    </>
                  ) : null}
                </dl>
              ) : null}
              {cert?.people.length ? (
                <div className="table-scroll">
                  <table className="data-table cover-people-table">
                    <caption className="cover-caption">{fill(tx.people, { today: cert.today })}</caption>
                    <thead>
                      <tr>
                        <th scope="col">{tx.name}</th>
                        <th scope="col">{tx.idNo}</th>
                        <th scope="col">{tx.state}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {cert.people.map((p) => (
                        <tr key={p.insured_id} data-covered={p.covered ? 'yes' : 'no'}>
                          <th scope="row" translate="no" data-label={tx.name}>
                            {p.name}
                          </th>
                          <td translate="no" data-label={tx.idNo}>
                            {p.id_masked}
                          </td>
                          <td data-label={tx.state}>
                            {p.covered ? (
                              <span className="cover-state-yes">{tx.covered}</span>
                            ) : (
                              <span className="cover-state-no">{p.since ? fill(tx.since, { date: p.since }) : tx.notCovered}</span>
                            )}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              ) : null}
              {cert ? <p className="cover-privacy">{tx.privacy}</p> : null}
            </div>
          ) : null}
        </section>
      </div>
    </>
  );
}
