/**
 * The Report wizard of claim/list (`?new=1`): accident date → an eligible policy → the insured
 * person (search and pages on the policy's list that day; a policy without a list asks for name
 * and ID number instead) → details. Each step is a GET form or plain links, so the choices live
 * in the URL; only the last step (sending the report) is an island.
 */
import { siteToday } from '../model';
import { claimablePolicies, insuredOn, insuredPersonOn } from '../report-lookups';
import { CLAIM_TYPES, isDay, requiredDocuments } from '../schemas';
import { ClaimForm } from './claim-form';
import type { Locale } from '~/lib/types';
import type { Db } from '~/server/db/client';
import { type claimText, claimMessage } from '../texts';
import { DateField } from '~/ui/date-field';
import { Notice } from '~/ui/notice';
import { Pager } from '~/ui/pager';

const PATH = '/user/claim/list';

export interface ClaimReportProps {
  db: Db;
  userId: number;
  params: URLSearchParams;
  locale: Locale;
  c: ReturnType<typeof claimText>;
  timeZone: string;
}

function link(p: Record<string, string | number>): string {
  const s = new URLSearchParams({ new: '1' });
  for (const [k, v] of Object.entries(p)) s.set(k, String(v));
  return `${PATH}?${s.toString()}`;
}

function Steps({ current, c }: { current: number; c: ReturnType<typeof claimText> }) {
  return (
    <ol className="claim-steps">
      {c.report.steps.map((s, i) => (
        <li
          key={s}
          className={i === current ? 'is-current' : i < current ? 'is-done' : undefined}
          aria-current={i === current ? 'step' : undefined}
        >
          {s}
        </li>
      ))}
    </ol>
  );
}

/** Every claims message of the language (the form island shows them beside its fields). */
function formMessages(locale: Locale): Record<string, string> {
  const keys = [
    'typeInvalid',
    'accidentDateInvalid',
    'placeInvalid',
    'descriptionInvalid',
    'hospitalInvalid',
    'amountInvalid',
    'insuredNameInvalid',
    'idNoInvalid',
    'requestIdInvalid',
    'orderInvalid',
    'insuredInvalid',
    'noteInvalid',
    'reasonInvalid',
    'kindsInvalid',
    'noteRequired',
    'approvedAmountInvalid',
    'paymentRefInvalid',
    'paidAtInvalid',
    'idInvalid',
    'kindInvalid',
  ];
  return Object.fromEntries(keys.map((k) => [`claim.${k}`, claimMessage(locale, `claim.${k}`)]));
}
export { formMessages as claimFormMessages };

export async function ClaimReport({ db, userId, params, locale, c, timeZone }: ClaimReportProps) {
  const today = siteToday(timeZone);
  const date = params.get('accident_date') ?? '';
  const dateOk = isDay(date) && date <= today;
  const cancel = (
    <a href={PATH} className="btn btn-ghost btn-sm">
      {c.report.cancel}
    </a>
  );
  const head = () => (
    <div className="card-head">
      <h2 id="cr-title">{c.report.title}</h2>
      {cancel}
    </div>
  );

  // Step 1: the accident date.
  if (!dateOk) {
    return (
      <section className="card claim-wizard" aria-labelledby="cr-title">
        {head()}
        <Steps current={0} c={c} />
        {date ? (
          <Notice kind="warning" role="alert">
            <p>{claimMessage(locale, date > today && isDay(date) ? 'claim.accidentFuture' : 'claim.accidentDateInvalid')}</p>
          </Notice>
        ) : null}
        <form method="get" action={PATH} className="claim-inline">
          <input type="hidden" name="new" value="1" />
          <div className="field">
            <label htmlFor="cr-date">{c.report.date}</label>
            <DateField id="cr-date" name="accident_date" locale={locale} max={today} defaultValue={isDay(date) ? date : today} required />
            <p className="field-hint">{c.report.dateHint}</p>
          </div>
          <button type="submit" className="btn btn-primary">
            {c.report.next}
          </button>
        </form>
      </section>
    );
  }

  // Step 2: an eligible policy.
  const { list: policies } = await claimablePolicies(db, userId, date);
  const orderId = Number(params.get('order_id') ?? '');
  const policy = policies.find((p) => p.order_id === orderId);
  if (!policy) {
    return (
      <section className="card claim-wizard" aria-labelledby="cr-title">
        {head()}
        <Steps current={1} c={c} />
        <p className="claim-chosen">
          {c.report.date}: <strong>{date}</strong> · <a href={`${PATH}?new=1`}>{c.report.back}</a>
        </p>
        {policies.length === 0 ? (
          <p className="claim-empty">{c.report.noPolicies}</p>
        ) : (
          <ul className="claim-choices">
            {policies.map((p) => (
              <li key={p.order_id} className="claim-choice">
                <div>
                  <strong>{p.policy_no}</strong> · {claimMessage(locale, `claim.policyTypes.${p.type}`)}
                  <span className="claim-sub">
                    {c.report.period}: {p.start} ~ {p.end} · {p.named ? c.report.named : c.report.unnamed}
                  </span>
                </div>
                <a className="btn btn-ghost btn-sm" href={link({ accident_date: date, order_id: p.order_id })}>
                  {c.report.choose}
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
    );
  }

  // Step 3: the insured person (named lists only).
  const chosenLine = (
    <p className="claim-chosen">
      {c.report.date}: <strong>{date}</strong> · {c.report.steps[1]}: <strong>{policy.policy_no}</strong> ·{' '}
      <a href={link({ accident_date: date })}>{c.report.back}</a>
    </p>
  );
  const insuredParam = params.get('insured_id') ?? '';
  let person: { insured_id: number; name: string; id_no_masked: string } | null = null;
  if (policy.named) {
    const keyword = (params.get('keyword') ?? '').slice(0, 50);
    const page = Math.max(1, Math.min(100_000, Number(params.get('page')) || 1));
    if (/^\d+$/.test(insuredParam)) person = await insuredPersonOn(db, userId, policy.order_id, date, Number(insuredParam));
    if (!person) {
      const limit = 10;
      const found = await insuredOn(db, userId, { order_id: policy.order_id, accident_date: date, keyword, page, limit });
      const base = { accident_date: date, order_id: policy.order_id, ...(keyword ? { keyword } : {}) };
      return (
        <section className="card claim-wizard" aria-labelledby="cr-title">
          {head()}
          <Steps current={2} c={c} />
          {chosenLine}
          <form method="get" action={PATH} className="claim-inline">
            <input type="hidden" name="new" value="1" />
            <input type="hidden" name="accident_date" value={date} />
            <input type="hidden" name="order_id" value={policy.order_id} />
            <div className="field">
              <label htmlFor="cr-kw">{c.report.search}</label>
              <input id="cr-kw" name="keyword" type="search" maxLength={50} defaultValue={keyword} placeholder={c.report.searchHint} />
            </div>
            <button type="submit" className="btn btn-ghost">
              {c.report.search}
            </button>
          </form>
          {found.list.length === 0 ? (
            <p className="claim-empty">{c.report.noInsured}</p>
          ) : (
            <ul className="claim-choices">
              {found.list.map((p) => (
                <li key={p.insured_id} className="claim-choice">
                  <div>
                    <strong>{p.name}</strong>
                    <span className="claim-sub">{p.id_no_masked}</span>
                  </div>
                  <a className="btn btn-ghost btn-sm" href={link({ ...base, insured_id: p.insured_id })}>
                    {c.report.choose}
                  </a>
                </li>
              ))}
            </ul>
          )}
          <Pager locale={locale} total={found.total} page={page} limit={limit} href={(p) => link({ ...base, page: p })} compact />
        </section>
      );
    }
  }

  // Step 4: the details, sent by the form island.
  const types = CLAIM_TYPES.filter((t) => t !== 'occupational_disease' || policy.type === 'guzhu');
  const fields = [
    ...(policy.named
      ? []
      : [
          { name: 'insured_name', label: c.report.insuredName, kind: 'text' as const },
          { name: 'insured_id_no', label: c.report.idNo, kind: 'text' as const },
        ]),
    {
      name: 'type',
      label: c.report.type,
      kind: 'select' as const,
      value: 'injury',
      options: types.map((t) => ({ value: t, label: claimMessage(locale, `claim.types.${t}`) })),
    },
    { name: 'accident_place', label: c.report.place, kind: 'text' as const },
    { name: 'description', label: c.report.description, kind: 'textarea' as const },
    { name: 'hospital', label: c.report.hospital, kind: 'text' as const },
    { name: 'estimated_amount', label: c.report.estimated, kind: 'amount' as const },
  ];
  return (
    <section className="card claim-wizard" aria-labelledby="cr-title">
      {head()}
      <Steps current={3} c={c} />
      {chosenLine}
      {person ? (
        <p className="claim-chosen">
          {c.report.chosen}: <strong>{person.name}</strong> ({person.id_no_masked}) ·{' '}
          <a href={link({ accident_date: date, order_id: policy.order_id })}>{c.report.back}</a>
        </p>
      ) : (
        <p className="claim-chosen">{c.report.unnamedNote}</p>
      )}
      <ClaimForm
        url="/userapi/v1/claim/add"
        schema="claimAdd"
        requestId
        after="detail"
        fixed={{ order_id: policy.order_id, accident_date: date, insured_id: person ? person.insured_id : '' }}
        fields={fields}
        submit={c.report.submit}
        saving={c.report.submitting}
        messages={formMessages(locale)}
      />
      <details>
        <summary>{c.report.documents}</summary>
        <dl className="facts">
          {types.map((t) => (
            <div key={t}>
              <dt>{claimMessage(locale, `claim.types.${t}`)}</dt>
              <dd>
                {requiredDocuments(t, policy.type, policy.named)
                  .filter((d) => d.required)
                  .map((d) => claimMessage(locale, `claim.kinds.${d.kind}`))
                  .join(locale === 'en' ? ', ' : '、')}
              </dd>
            </div>
          ))}
        </dl>
      </details>
    </section>
  );
}
