/**
 * Server-rendered pieces of the endorsement pages: the list with GET-form filters and plain page
 * links (no JavaScript needed), the Add flow (policy and date, then the draft's items, roster
 * search, import, documents, Submit), the detail (member and operator) and the roster on a date.
 * They read the endorsement area's domain functions directly; writes go through small islands.
 */
import * as v from 'valibot';
import {
  DOCUMENT_KINDS,
  type EndorseListQuery,
  ENDORSE_PAGE_SIZES,
  ENDORSE_STATUSES,
  eligiblePolicyList,
  endorseQuerySchema,
  endorsementDetail,
  findVisibleEndorsement,
  ordersPort,
  rosterPage,
} from '~/features/endorse';
import { ApiButton } from '~/components/api-button';
import { ClassEstimate, DateEstimate } from '~/islands/endorse-estimate';
import { ApiForm } from '~/components/api-form';
import { UploadField } from '~/islands/upload-field';
import { formatDate, formatMoney } from '~/lib/format';
import type { Locale, UploadConfig } from '~/lib/types';
import type { Db } from '~/server/db/client';
import { type EndorseText, fill } from './endorse-text';
import { Notice } from './notice';
import '../styles/endorse.css';

const KINDS = ['add', 'remove', 'replace', 'correct'] as const;
export const ENDORSE_DEFAULTS: EndorseListQuery = { status: '', kind: '', keyword: '', start: '', end: '', page: 1, limit: 10 };

/** The list query of a raw query string; `ok: false` when a filter was invalid (defaults then). */
export function parseEndorseQuery(query: string): { q: EndorseListQuery; ok: boolean } {
  const raw = Object.fromEntries(new URLSearchParams(query));
  for (const k of ['new', 'edit', 'as_of', 'search']) delete raw[k];
  const parsed = v.safeParse(endorseQuerySchema, raw);
  return parsed.success ? { q: parsed.output, ok: true } : { q: ENDORSE_DEFAULTS, ok: false };
}

function queryString(q: EndorseListQuery, page?: number): string {
  const p = new URLSearchParams();
  for (const k of ['status', 'kind', 'keyword', 'start', 'end'] as const) if (q[k]) p.set(k, q[k]);
  if (q.limit !== 10) p.set('limit', String(q.limit));
  if (page && page > 1) p.set('page', String(page));
  return p.toString();
}

export function StatusBadge({ status, text }: { status: string; text: EndorseText }) {
  const label = (text.status as Record<string, string>)[status] ?? (text.invoiceStatus as Record<string, string>)[status] ?? status;
  return <span className={`badge endorse-status endorse-status-${status}`}>{label}</span>;
}

/** A yuan string as shown: thousands separated, a real minus sign. */
const money = (s: string) => (s.startsWith('-') ? `−¥${formatMoney(s.slice(1))}` : `¥${formatMoney(s)}`);

export interface EndorseListRowView {
  id: number;
  apply_no: string;
  endorse_no: string;
  policy_no: string;
  status: string;
  effective_date: string;
  in_force: boolean;
  counts: { add: number; remove: number; replace: number; correct: number };
  premium_delta: string;
  has_id_fix?: boolean;
}

/** The endorsement table with its filters and pager (member list and operator queue). */
export function EndorseList({
  path,
  detailPath,
  q,
  ok,
  result,
  text,
  withKindFilter = true,
}: {
  path: string;
  detailPath: string;
  q: EndorseListQuery;
  ok: boolean;
  result: { list: EndorseListRowView[]; total: number };
  text: EndorseText;
  withKindFilter?: boolean;
}) {
  const t = text;
  const pages = Math.max(1, Math.ceil(result.total / q.limit));
  const filtered = Boolean(q.status || q.kind || q.keyword || q.start || q.end);
  const href = (page: number) => {
    const s = queryString(q, page);
    return s ? `${path}?${s}` : path;
  };
  return (
    <div className="endorse">
      <form className="card endorse-filters" method="get" action={path} aria-label={t.filters.label}>
        <div className="field">
          <label htmlFor="en-status">{t.filters.status}</label>
          <select id="en-status" name="status" defaultValue={q.status}>
            <option value="">{t.filters.all}</option>
            {ENDORSE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t.status[s]}
              </option>
            ))}
          </select>
        </div>
        {withKindFilter ? (
          <div className="field">
            <label htmlFor="en-kind">{t.filters.kind}</label>
            <select id="en-kind" name="kind" defaultValue={q.kind}>
              <option value="">{t.filters.all}</option>
              {KINDS.map((k) => (
                <option key={k} value={k}>
                  {t.kinds[k]}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div className="field">
          <label htmlFor="en-keyword">{t.filters.keyword}</label>
          <input id="en-keyword" name="keyword" type="search" maxLength={50} defaultValue={q.keyword} placeholder={t.filters.keywordHint} />
        </div>
        {withKindFilter ? (
          <>
            <div className="field">
              <label htmlFor="en-start">{t.filters.start}</label>
              <input id="en-start" name="start" type="date" defaultValue={q.start} />
            </div>
            <div className="field">
              <label htmlFor="en-end">{t.filters.end}</label>
              <input id="en-end" name="end" type="date" defaultValue={q.end} />
            </div>
          </>
        ) : null}
        <div className="field">
          <label htmlFor="en-limit">{t.filters.perPage}</label>
          <select id="en-limit" name="limit" defaultValue={String(q.limit)}>
            {ENDORSE_PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
        <div className="endorse-filter-actions">
          <button type="submit" className="btn btn-primary btn-sm">
            {t.filters.apply}
          </button>
          <a href={path} className="btn btn-ghost btn-sm">
            {t.filters.reset}
          </a>
        </div>
      </form>
      {ok ? null : (
        <Notice kind="warning" role="status">
          <p>{t.filters.bad}</p>
        </Notice>
      )}
      <section className="card" aria-labelledby="en-title">
        <div className="card-head">
          <h2 id="en-title">{fill(t.table.count, { n: result.total })}</h2>
        </div>
        {result.list.length === 0 ? (
          <p className="endorse-empty">{filtered ? t.table.emptyFiltered : t.table.empty}</p>
        ) : (
          <div className="table-scroll">
            <table className="data-table endorse-table">
              <thead>
                <tr>
                  <th scope="col">{t.table.applyNo}</th>
                  <th scope="col">{t.table.status}</th>
                  <th scope="col">{t.table.policyNo}</th>
                  <th scope="col">{t.table.effective}</th>
                  <th scope="col">{t.table.counts}</th>
                  <th scope="col" className="num">
                    {t.table.premium}
                  </th>
                </tr>
              </thead>
              <tbody>
                {result.list.map((r) => (
                  <tr key={r.id} data-endorse={r.apply_no}>
                    <td className="nowrap el-no">
                      <a href={`${detailPath}?id=${r.id}`}>{r.apply_no}</a>
                      {r.endorse_no ? <span className="endorse-sub">{r.endorse_no}</span> : null}
                    </td>
                    <td className="el-status">
                      <StatusBadge status={r.status} text={t} />
                      {r.in_force ? <span className="endorse-sub">{t.table.inForce}</span> : null}
                      {r.has_id_fix ? <span className="endorse-sub">{t.operator.idFix}</span> : null}
                    </td>
                    <td className="nowrap el-policy">{r.policy_no}</td>
                    <td className="nowrap el-date">{r.effective_date}</td>
                    <td className="nowrap el-counts" title={t.table.counts}>
                      +{r.counts.add} / −{r.counts.remove} / ⇄{r.counts.replace} / ✎{r.counts.correct}
                    </td>
                    <td className="num nowrap el-premium">{money(r.premium_delta)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {pages > 1 ? (
          <nav className="pager" aria-label={fill(t.table.page, { page: q.page, pages })}>
            {q.page > 1 ? <a href={href(q.page - 1)}>{t.table.prev}</a> : <span className="muted">{t.table.prev}</span>}
            <span>{fill(t.table.page, { page: q.page, pages })}</span>
            {q.page < pages ? <a href={href(q.page + 1)}>{t.table.next}</a> : <span className="muted">{t.table.next}</span>}
          </nav>
        ) : null}
      </section>
    </div>
  );
}

/** Step one of Add: the policy (eligible ones, each with its open endorsement) and the effective date. */
export async function EndorseStart({ db, userId, text, today }: { db: Db; userId: number; text: EndorseText; today: string }) {
  const t = text.add;
  const { list } = await eligiblePolicyList(db, ordersPort, userId);
  if (!list.length) {
    return (
      <Notice kind="info" role="status">
        <p>{t.noPolicies}</p>
      </Notice>
    );
  }
  const open = list.filter((p) => p.open_id !== null);
  return (
    <section className="card endorse-start" aria-labelledby="en-start">
      <h2 id="en-start">{t.title}</h2>
      <ApiForm
        url="/userapi/v1/endorse/create"
        extra={{ request_id: '*' }}
        then="/user/order/endorse?edit={id}"
        submitLabel={t.create}
        className="endorse-form endorse-start-form"
      >
        <div className="field">
          <label htmlFor="en-policy">{t.policy}</label>
          <select id="en-policy" name="order_id" required defaultValue="">
            <option value="" disabled>
              {t.choose}
            </option>
            {list
              .filter((p) => p.open_id === null)
              .map((p) => (
                <option key={p.id} value={p.id}>
                  {p.policy_no} · {p.plan_name} · {p.start_date} – {p.end_date}
                </option>
              ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="en-date">{t.date}</label>
          <input id="en-date" name="effective_date" type="date" min={today} defaultValue={today} required />
          <span className="field-hint">{t.dateHint}</span>
        </div>
        <div className="field">
          <label htmlFor="en-remark">{t.remark}</label>
          <input id="en-remark" name="remark" maxLength={500} />
        </div>
      </ApiForm>
      {open.length ? (
        <ul className="endorse-open">
          {open.map((p) => (
            <li key={p.id}>
              <a href={`/user/order/endorse?edit=${p.open_id}`}>{fill(t.open, { no: `${p.policy_no}` })}</a>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

type Detail = Awaited<ReturnType<typeof endorsementDetail>>;

function ItemsTable({ detail, text, editable }: { detail: Detail; text: EndorseText; editable: boolean }) {
  const t = text.detail;
  const who = (p: { name: string; id_no_masked: string; id_no?: string; occupation_class: number } | null) =>
    p ? `${p.name} ${p.id_no ?? p.id_no_masked} · ${p.occupation_class}` : '—';
  if (!detail.items.length) return <p className="muted">{text.add.noItems}</p>;
  return (
    <div className="table-scroll">
      <table className="data-table endorse-items">
        <thead>
          <tr>
            <th scope="col">{text.filters.kind}</th>
            <th scope="col">{t.before}</th>
            <th scope="col">{t.after}</th>
            <th scope="col" className="num">
              {text.add.days}
            </th>
            <th scope="col" className="num">
              {t.premium}
            </th>
            {editable ? (
              <th scope="col">
                <span className="sr-only">{text.add.delete}</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {detail.items.map((i) => (
            <tr key={i.id} data-item={i.kind}>
              <td className="ei-kind">{text.kinds[i.kind]}</td>
              <td className="ei-before" data-label={t.before}>
                {who(i.before)}
              </td>
              <td className="ei-after" data-label={t.after}>
                {who(i.after)}
              </td>
              <td className="num ei-days" data-label={text.add.days}>
                {i.days}
              </td>
              <td className="num nowrap ei-premium">{money(i.premium)}</td>
              {editable ? (
                <td className="ei-delete">
                  <ApiButton
                    url="/userapi/v1/endorse/itemDelete"
                    method="POST"
                    data={{ id: detail.endorsement.id, item_id: i.id }}
                    label={text.add.delete}
                    className="btn btn-ghost btn-sm"
                    refresh
                  />
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={4}>
              {text.add.live}
            </th>
            <td className="num nowrap" data-total>
              {money(detail.totals.premium_delta)}
            </td>
            {editable ? <td /> : null}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** Step two of Add: the draft with its items and the forms that change it, then Submit. */
export async function EndorseDraft({
  db,
  userId,
  id,
  text,
  locale,
  search,
  upload,
  today,
}: {
  db: Db;
  userId: number;
  id: number;
  text: EndorseText;
  locale: Locale;
  search: string;
  upload: UploadConfig;
  today: string;
}) {
  const t = text.add;
  const e = await findVisibleEndorsement(db, userId, id, db);
  const policy = await ordersPort.loadPolicy(db.sql, e.orderId);
  const detail = await endorsementDetail(db, e, policy, e.effectiveDate);
  if (e.status !== 'draft') {
    return (
      <Notice kind="info" role="status">
        <p>
          <a href={`/user/order/endorseDetail?id=${e.id}`}>{e.applyNo}</a> · {text.status[e.status]}
        </p>
      </Notice>
    );
  }
  const roster = await rosterPage(
    db,
    ordersPort,
    userId,
    { order_id: e.orderId, as_of: e.effectiveDate, keyword: search, page: 1, limit: 10 },
    e.effectiveDate,
  );
  const classes = policy?.classes ?? [1, 2, 3, 4, 5, 6];
  // What the live estimate needs: P(c) per class, the period, the items as they stand.
  const estimate = {
    premiums: Object.fromEntries(classes.map((c) => [String(c), policy?.premiumOf(c) ?? 0])),
    period: { start: policy?.start ?? e.effectiveDate, end: policy?.end ?? e.effectiveDate },
    items: detail.items.map((i) => ({
      kind: i.kind,
      from: i.before?.occupation_class ?? null,
      to: i.after?.occupation_class ?? null,
    })),
    labels: text.estimate,
  };
  return (
    <div className="endorse-draft">
      <section className="card" aria-labelledby="en-draft">
        <div className="card-head">
          <h2 id="en-draft">{fill(t.draftTitle, { no: e.applyNo })}</h2>
        </div>
        <dl className="endorse-facts">
          <dt>{text.detail.policy}</dt>
          <dd>
            {e.policyNo} {policy ? `· ${policy.planName} · ${policy.start} – ${policy.end}` : ''}
          </dd>
          <dt>{text.detail.effective}</dt>
          <dd>{e.effectiveDate}</dd>
          <dt>{text.detail.days}</dt>
          <dd>
            {detail.totals.days} / {detail.totals.period_days}
          </dd>
        </dl>
        <ApiForm
          url="/userapi/v1/endorse/update"
          extra={{ id: e.id }}
          submitLabel={t.save}
          submitClass="btn btn-ghost btn-sm"
          className="endorse-inline endorse-date-form"
          ariaLabel={t.dateSave}
        >
          <DateEstimate
            id="en-edate"
            name="effective_date"
            label={t.dateSave}
            effective={e.effectiveDate}
            min={today > estimate.period.start ? today : estimate.period.start}
            {...estimate}
          />
        </ApiForm>
        <h3>{t.items}</h3>
        <ItemsTable detail={detail} text={text} editable />
      </section>

      <section className="card" aria-labelledby="en-addp">
        <h2 id="en-addp">{t.addPerson}</h2>
        <ApiForm
          url="/userapi/v1/endorse/item"
          extra={{ id: e.id, kind: 'add' }}
          submitLabel={t.addBtn}
          className="endorse-inline"
          ariaLabel={t.addPerson}
        >
          <div className="field">
            <label htmlFor="en-name">{t.name}</label>
            <input id="en-name" name="name" maxLength={30} required />
          </div>
          <div className="field">
            <label htmlFor="en-idno">{t.idNo}</label>
            <input id="en-idno" name="id_no" maxLength={18} required autoComplete="off" />
          </div>
          <ClassEstimate
            id="en-cls"
            name="occupation_class"
            label={t.cls}
            classes={classes}
            kind="add"
            effective={e.effectiveDate}
            {...estimate}
          />
        </ApiForm>
      </section>

      <section className="card" aria-labelledby="en-roster">
        <h2 id="en-roster">{fill(t.removeTitle, { date: e.effectiveDate })}</h2>
        <form method="get" action="/user/order/endorse" className="endorse-inline">
          <input type="hidden" name="edit" value={e.id} />
          <input name="search" type="search" defaultValue={search} placeholder={t.search} aria-label={t.search} maxLength={50} />
          <button type="submit" className="btn btn-ghost btn-sm">
            {t.searchBtn}
          </button>
        </form>
        <ul className="endorse-roster">
          {roster.list.map((r) => (
            <li key={r.id} data-insured={r.name}>
              <div className="endorse-person">
                <strong>{r.name}</strong> <span className="muted">{r.id_no_masked}</span> · {t.cls} {r.class}
              </div>
              <div className="endorse-person-actions">
                <ApiButton
                  url="/userapi/v1/endorse/item"
                  method="POST"
                  data={{ id: e.id, kind: 'remove', insured_id: r.id }}
                  label={t.removeBtn}
                  className="btn btn-ghost btn-sm"
                  refresh
                  ariaLabel={`${t.removeBtn} ${r.name}`}
                />
                <details>
                  <summary className="btn btn-ghost btn-sm">{t.replaceBtn}</summary>
                  <ApiForm
                    url="/userapi/v1/endorse/item"
                    extra={{ id: e.id, kind: 'replace', insured_id: r.id }}
                    submitLabel={t.replaceBtn}
                    className="endorse-inline"
                    submitClass="btn btn-primary btn-sm"
                  >
                    <input name="name" maxLength={30} placeholder={t.name} aria-label={t.name} />
                    <input name="id_no" maxLength={18} placeholder={t.idNo} aria-label={t.idNo} autoComplete="off" />
                    <ClassEstimate
                      id={`en-rc-${r.id}`}
                      name="occupation_class"
                      label={t.cls}
                      hideLabel
                      classes={classes}
                      kind="replace"
                      from={r.class}
                      effective={e.effectiveDate}
                      {...estimate}
                    />
                  </ApiForm>
                </details>
                <details>
                  <summary className="btn btn-ghost btn-sm">{t.correctBtn}</summary>
                  <ApiForm
                    url="/userapi/v1/endorse/item"
                    extra={{ id: e.id, kind: 'correct', insured_id: r.id }}
                    submitLabel={t.correctBtn}
                    className="endorse-inline"
                    submitClass="btn btn-primary btn-sm"
                  >
                    <input name="name" maxLength={30} placeholder={t.newName} aria-label={t.newName} />
                    <input name="id_no" maxLength={18} placeholder={t.newId} aria-label={t.newId} autoComplete="off" />
                    <ClassEstimate
                      id={`en-cc-${r.id}`}
                      name="occupation_class"
                      label={t.newClass}
                      hideLabel
                      classes={classes}
                      kind="correct"
                      from={r.class}
                      withEmpty
                      effective={e.effectiveDate}
                      {...estimate}
                    />
                  </ApiForm>
                </details>
              </div>
            </li>
          ))}
        </ul>
        {roster.total > roster.list.length ? (
          <p className="muted">{fill(t.shown, { n: roster.list.length, total: roster.total })}</p>
        ) : null}
      </section>

      <section className="card" aria-labelledby="en-import">
        <h2 id="en-import">{t.importTitle}</h2>
        <p className="muted">{t.importHint}</p>
        <ApiForm url="/userapi/v1/endorse/import" extra={{ id: e.id }} submitLabel={t.importBtn} submitClass="btn btn-ghost">
          <UploadField lang={locale} name="file_id" valueKind="id" topic="endorse" rules={upload} />
        </ApiForm>
      </section>

      <section className="card" aria-labelledby="en-docs">
        <h2 id="en-docs">{t.documents}</h2>
        {detail.documents.length ? (
          <ul>
            {detail.documents.map((d) => (
              <li key={d.id}>
                {t.docKinds[d.kind as keyof typeof t.docKinds] ?? d.kind}: {d.name}
              </li>
            ))}
          </ul>
        ) : null}
        <ApiForm url="/userapi/v1/endorse/document" extra={{ id: e.id }} submitLabel={t.attach} submitClass="btn btn-ghost">
          <div className="field">
            <label htmlFor="en-dkind">{t.docKind}</label>
            <select id="en-dkind" name="kind" defaultValue="application">
              {DOCUMENT_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t.docKinds[k]}
                </option>
              ))}
            </select>
          </div>
          <UploadField lang={locale} name="file_id" valueKind="id" topic="endorse" rules={upload} />
        </ApiForm>
      </section>

      <section className="card endorse-submit" aria-labelledby="en-submit">
        <h2 id="en-submit">
          {t.live}: <span data-live-total>{money(detail.totals.premium_delta)}</span>
        </h2>
        <p className="muted">{t.submitHint}</p>
        <div className="endorse-form-actions">
          <ApiForm
            url="/userapi/v1/endorse/submit"
            extra={{ id: e.id }}
            then={`/user/order/endorseDetail?id=${e.id}`}
            submitLabel={t.submit}
            className="endorse-inline"
          />
          <ApiForm
            url="/userapi/v1/endorse/cancel"
            extra={{ id: e.id }}
            then={`/user/order/endorseDetail?id=${e.id}`}
            submitLabel={t.cancel}
            submitClass="btn btn-ghost"
            className="endorse-inline"
          />
        </div>
      </section>
    </div>
  );
}

/**
 * Who moved an endorsement: the insurer decides without an actor (the sandbox, or a real
 * insurer's callback), an operator decides with one; every other step is the member's.
 */
function actorOf(x: { to: string; actor_id: number | null }): 'member' | 'insurer' | 'operator' {
  if (x.to === 'approved' || x.to === 'rejected') return x.actor_id === null ? 'insurer' : 'operator';
  return 'member';
}

/** The detail: summary, items with days and premium, timeline, documents, notice; the viewer's actions. */
export function EndorseDetailView({
  detail,
  text,
  timeZone,
  actions,
  policyHref,
}: {
  detail: Detail;
  text: EndorseText;
  timeZone: string;
  actions?: React.ReactNode;
  /** Where the policy number links (the member's policy page). */
  policyHref?: string;
}) {
  const t = text.detail;
  const e = detail.endorsement;
  return (
    <div className="endorse-detail" data-status={e.status}>
      <section className="card" aria-labelledby="ed-summary">
        <div className="card-head">
          <h2 id="ed-summary">
            {e.apply_no} <StatusBadge status={e.status} text={text} />
          </h2>
        </div>
        <dl className="endorse-facts">
          {e.endorse_no ? (
            <>
              <dt>{text.table.endorseNo}</dt>
              <dd data-endorse-no>{e.endorse_no}</dd>
            </>
          ) : null}
          <dt>{t.policy}</dt>
          <dd>
            {policyHref ? <a href={policyHref}>{e.policy_no}</a> : e.policy_no}
            {e.policy ? ` · ${e.policy.plan_name} · ${e.policy.start_date} – ${e.policy.end_date}` : ''}
          </dd>
          <dt>{t.effective}</dt>
          <dd>{e.effective_date}</dd>
          <dt>{t.days}</dt>
          <dd>
            {detail.totals.days} / {detail.totals.period_days}
          </dd>
          <dt>{t.delta}</dt>
          <dd className="nowrap">{money(detail.totals.premium_delta)}</dd>
          <dt>{t.charged}</dt>
          <dd>{money(e.charged)}</dd>
          <dt>{t.refunded}</dt>
          <dd>{money(e.refunded)}</dd>
          {e.remark ? (
            <>
              <dt>{t.remark}</dt>
              <dd>{e.remark}</dd>
            </>
          ) : null}
          {e.reason ? (
            <>
              <dt>{t.reason}</dt>
              <dd>{e.reason}</dd>
            </>
          ) : null}
        </dl>
        <div className="endorse-form-actions">
          {detail.notice_url ? (
            <a className="btn btn-primary" href={detail.notice_url} download data-action="notice">
              {t.notice}
            </a>
          ) : null}
          {actions}
        </div>
      </section>
      <section className="card" aria-labelledby="ed-items">
        <h2 id="ed-items">{text.add.items}</h2>
        <ItemsTable detail={detail} text={text} editable={false} />
      </section>
      <section className="card" aria-labelledby="ed-time">
        <h2 id="ed-time">{t.timeline}</h2>
        <ol className="endorse-timeline">
          {detail.timeline.map((x) => (
            <li key={`${x.to}-${x.created_at}`}>
              <StatusBadge status={x.to} text={text} />{' '}
              <span className="muted">
                <time>{formatDate(x.created_at, 'YYYY-MM-DD HH:mm', timeZone)}</time> · {t.actor[actorOf(x)]}
              </span>
              {x.note && x.note !== 'sandbox' ? <span className="endorse-sub">{x.note}</span> : null}
            </li>
          ))}
        </ol>
      </section>
      <section className="card" aria-labelledby="ed-docs">
        <h2 id="ed-docs">{text.add.documents}</h2>
        {detail.documents.length ? (
          <ul>
            {detail.documents.map((d) => (
              <li key={d.id}>
                {text.add.docKinds[d.kind as keyof typeof text.add.docKinds] ?? d.kind}: {d.name}
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">{t.noDocuments}</p>
        )}
      </section>
    </div>
  );
}

/** The policy's insured list on a date (GET form), with each row's active period. */
export async function RosterView({
  db,
  userId,
  orderId,
  asOf,
  text,
  children,
}: {
  db: Db;
  userId: number;
  orderId: number;
  asOf: string;
  text: EndorseText;
  /** The as-of date form, shown in the section's head. */
  children?: React.ReactNode;
}) {
  const r = await rosterPage(db, ordersPort, userId, { order_id: orderId, as_of: asOf, keyword: '', page: 1, limit: 100 }, asOf);
  return (
    <section className="card endorse-roster-card" aria-labelledby="ed-roster">
      <div className="endorse-roster-head">
        <h2 id="ed-roster">
          {text.roster.title} · {r.as_of} ({r.total})
        </h2>
        {children}
      </div>
      <div className="table-scroll">
        <table className="data-table endorse-roster-table">
          <thead>
            <tr>
              <th scope="col">{text.add.name}</th>
              <th scope="col">{text.add.idNo}</th>
              <th scope="col">{text.add.cls}</th>
              <th scope="col">{text.roster.activeFrom}</th>
              <th scope="col">{text.roster.activeTo}</th>
            </tr>
          </thead>
          <tbody>
            {r.list.map((p) => (
              <tr key={p.id} data-insured={p.name}>
                <td className="er-name">{p.name}</td>
                <td className="nowrap er-id">{p.id_no_masked}</td>
                <td className="er-class" data-label={text.add.cls}>
                  {p.class}
                </td>
                <td className="nowrap er-from" data-label={text.roster.activeFrom}>
                  {p.active_from}
                </td>
                <td className="nowrap er-to" data-label={text.roster.activeTo}>
                  {p.active_to}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
