/**
 * /user/operator/seals: seals waiting for review, oldest first, each image on a checkerboard (so a
 * white background shows), with approve / reject for `operator/seals/review` holders; approved
 * seals can be revoked. Operator-only: a group's '*' never grants the page.
 */
import { countText } from '~/lib/texts';
import { apiMessage } from '~/features/_shared/messages';
import { SEAL_STATUSES, type SealStatus } from '../schemas';
import { operatorListSeals } from '../seals';
import { SealAction } from './action';
import { formatDate } from '~/lib/format';
import { getRequestContext } from '~/server/context';
import { getDb } from '~/server/db/client';
import { hasExplicitRule } from '~/server/permissions';
import { FilterForm } from '~/ui/filter-form';
import { Notice } from '~/ui/notice';
import { PageFrame } from '~/ui';
import { Field, SelectField } from '~/ui/field';
import { Pager } from '~/ui/pager';
import type { Locale } from '~/lib/types';
import type { Session } from '~/server/context';
import type { PortalView } from '~/server/portal';
import { sealText } from '../texts';
import './seal.css';

/** The API's 403 words, as this page has always shown them to a member without the grant. */
function Forbidden({ locale }: { locale: Locale }) {
  return (
    <Notice kind="danger" title={apiMessage(locale, 'forbidden')} role="alert">
      <p>{apiMessage(locale, 'forbidden')}</p>
    </Notice>
  );
}

export function SealReviewPage({ query = '' }: { query?: string }) {
  return (
    <PageFrame
      page="user/operator/seals"
      title={({ view }) => sealText(view.locale).review.title}
      refused={(_gate, { view }) => <Forbidden locale={view.locale} />}
      render={async ({ view }) => {
        const session = getRequestContext().session;
        // The page gate refuses members without the explicit grant; this is the safety net.
        if (!session || !(await hasExplicitRule(getDb(), session, 'operator/seals'))) return <Forbidden locale={view.locale} />;
        return <SealReviewBody query={query} view={view} session={session} />;
      }}
    />
  );
}

async function SealReviewBody({ query, view, session }: { query: string; view: PortalView; session: Session }) {
  const tx = sealText(view.locale);
  const db = getDb();
  const params = new URLSearchParams(query);
  const raw = params.get('status') ?? 'pending';
  const status = (SEAL_STATUSES as readonly string[]).includes(raw) ? (raw as SealStatus) : raw === '' ? '' : 'pending';
  const keyword = (params.get('keyword') ?? '').trim().slice(0, 50);
  const page = Math.min(Math.max(Number.parseInt(params.get('page') ?? '1', 10) || 1, 1), 100_000);
  const limit = 20;
  const [result, canReview] = await Promise.all([
    operatorListSeals(db, { status, keyword, page, limit }),
    hasExplicitRule(db, session, 'operator/seals/review'),
  ]);
  const link = (p: number) => {
    const q = new URLSearchParams({ status });
    if (keyword) q.set('keyword', keyword);
    if (p > 1) q.set('page', String(p));
    return `/user/operator/seals?${q}`;
  };
  return (
    <>
      <FilterForm
        action="/user/operator/seals"
        label={tx.files.filter}
        className="ledger-filters"
        actionsClass="ledger-filter-actions"
        apply={tx.files.filter}
      >
        <SelectField
          id="sr-status"
          name="status"
          label={tx.files.status}
          value={status}
          all={tx.files.all}
          options={SEAL_STATUSES.map((st) => [st, tx.statuses[st]] as const)}
        />
        <Field id="sr-keyword" label={tx.review.keyword}>
          <input id="sr-keyword" name="keyword" defaultValue={keyword} maxLength={50} />
        </Field>
      </FilterForm>
      <section className="card" aria-labelledby="sr-title">
        <div className="card-head ledger-head">
          <h2 id="sr-title">{tx.review.title}</h2>
          <p className="ledger-totals">{countText(tx.review, result.total)}</p>
        </div>
        <p className="muted">{tx.review.lead}</p>
        {result.list.length === 0 ? (
          <p className="ledger-empty">{tx.review.none}</p>
        ) : (
          <ul className="seal-grid">
            {result.list.map((s) => {
              const label = `${s.company_name} ${s.name}`;
              // Reject and revoke ask for a reason (the API refuses an empty one).
              const withReason = (verb: 'reject' | 'revoke') => (
                <SealAction
                  url={`/userapi/v1/operator/seal/${verb}`}
                  id={s.id}
                  label={tx.review[verb]}
                  field="reason"
                  placeholder={tx.review.reason}
                  requiredMessage={tx.review.reasonRequired}
                  target={label}
                />
              );
              return (
                <li key={s.id} className="seal-card" data-seal={s.id}>
                  <img
                    className="seal-checker"
                    src={`/userapi/v1/operator/seal/image?id=${s.id}`}
                    alt={label}
                    width={160}
                    height={160}
                    loading="lazy"
                  />
                  <strong translate="no">{s.name}</strong>
                  <span translate="no">{s.company_name}</span>
                  <span className="seal-meta">
                    {tx.kinds[s.kind]} · {s.diameter_mm} mm · {s.source}
                  </span>
                  <span className="seal-meta">
                    {tx.review.member}: {s.username} · {formatDate(s.created_at, 'YYYY-MM-DD HH:mm', view.timeZone)}
                  </span>
                  <span className={`seal-status seal-status-${s.status}`}>{tx.statuses[s.status]}</span>
                  {s.reason ? <span className="seal-meta">{s.reason}</span> : null}
                  {canReview && s.status === 'pending' ? (
                    <>
                      <SealAction
                        url="/userapi/v1/operator/seal/approve"
                        id={s.id}
                        label={tx.review.approve}
                        field="note"
                        placeholder={tx.review.note}
                        target={label}
                        primary
                      />
                      {withReason('reject')}
                    </>
                  ) : null}
                  {canReview && s.status === 'approved' ? withReason('revoke') : null}
                </li>
              );
            })}
          </ul>
        )}
        <Pager locale={view.locale} total={result.total} page={page} limit={limit} href={link} compact />
      </section>
    </>
  );
}
