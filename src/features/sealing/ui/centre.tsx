/**
 * /user/file/sealfile (`?tab=seal|files|seals`): seal a PDF (island), the history of sealed files
 * (server-rendered, filters in the URL, download and void), and the company's seals with the
 * upload / draw forms. Buttons follow the rules `file/sealfile/{add,seal,void}`; a sub-account
 * seals with its owner's approved seals and cannot add seals.
 */
import { countText } from '~/lib/texts';
import * as v from 'valibot';
import { listSealedFiles } from '../files';
import { fileListSchema } from '../schemas';
import { listSeals, sealOwnerOf } from '../seals';
import { ApiButton } from '~/ui/api-button';
import { type Column, DataTable } from '~/ui/data-table';
import { DateRangeFields, FilterForm } from '~/ui/filter-form';
import { SealAction } from './action';
import { Pager } from '~/ui/pager';
import { SealAddForms } from './add-forms';
import { SealWorkbench } from './workbench';
import { formatDate } from '~/lib/format';
import { getRequestContext } from '~/server/context';
import { getDb } from '~/server/db/client';
import { findUserById } from '~/server/members';
import { hasAction } from '~/server/permissions';
import { type PageContext, PageFrame } from '~/ui';
import { sealText } from '../texts';
import './seal.css';

const TABS = ['seal', 'files', 'seals'] as const;
type Tab = (typeof TABS)[number];
const PATH = '/user/file/sealfile';

export async function SealCentre({ ctx, query }: { ctx: PageContext; query: string }) {
  const { view } = ctx;
  const tx = sealText(view.locale);
  const session = getRequestContext().session;
  const db = getDb();
  const member = session ? await findUserById(db, session.userId) : null;
  if (!session || !member) return null;
  const params = new URLSearchParams(query);
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'seal';
  const [canAdd, canSeal, canVoid, seals] = await Promise.all([
    hasAction(db, session, 'file/sealfile/add'),
    hasAction(db, session, 'file/sealfile/seal'),
    hasAction(db, session, 'file/sealfile/void'),
    listSeals(db, sealOwnerOf(member)),
  ]);
  const isSub = member.parent_id !== null;
  const nav = (
    <nav className="seal-tabs" aria-label={tx.tabs.seal}>
      {TABS.map((t) => (
        <a key={t} href={`${PATH}?tab=${t}`} aria-current={t === tab ? 'page' : undefined}>
          {tx.tabs[t]}
        </a>
      ))}
    </nav>
  );

  if (tab === 'seals') {
    return (
      <>
        {nav}
        <section className="card" aria-labelledby="seals-title">
          <h2 id="seals-title">{tx.seals.title}</h2>
          <p className="muted">{isSub ? tx.seals.subAccount : tx.seals.max}</p>
          {seals.length === 0 ? (
            <p className="ledger-empty">{tx.seals.none}</p>
          ) : (
            <ul className="seal-grid">
              {seals.map((s) => (
                <li key={s.id} className="seal-card" data-seal={s.id}>
                  <img
                    className="seal-checker"
                    src={`/userapi/v1/seal/image?id=${s.id}`}
                    alt={`${s.company_name} ${s.name}`}
                    width={160}
                    height={160}
                    loading="lazy"
                  />
                  <strong translate="no">{s.name}</strong>
                  <span className="seal-meta">
                    {tx.kinds[s.kind]} · {s.diameter_mm} mm
                  </span>
                  <span>
                    <span className={`seal-status seal-status-${s.status}`}>{tx.statuses[s.status]}</span>
                  </span>
                  {s.reason ? (
                    <span className="seal-meta">
                      {tx.seals.reason}: {s.reason}
                    </span>
                  ) : null}
                  {canAdd && !isSub && (s.status === 'pending' || s.status === 'rejected') ? (
                    <ApiButton
                      url="/userapi/v1/seal/delete"
                      method="POST"
                      data={{ id: s.id }}
                      label={tx.seals.delete}
                      className="btn btn-ghost btn-sm"
                      refresh
                      ariaLabel={`${tx.seals.delete}: ${s.name}`}
                    />
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </section>
        {canAdd && !isSub ? (
          <SealAddForms
            rules={view.site.upload}
            lang={view.locale}
            company={seals[0]?.company_name ?? ''}
            text={{
              upload: tx.seals.upload,
              uploadHint: tx.seals.uploadHint,
              generate: tx.seals.generate,
              generateHint: tx.seals.generateHint,
              name: tx.seals.name,
              kind: tx.seals.kind,
              company: tx.seals.company,
              diameter: tx.seals.diameter,
              innerText: tx.seals.innerText,
              submit: tx.seals.submit,
              submitGenerate: tx.seals.submitGenerate,
              kinds: tx.kinds,
            }}
          />
        ) : null}
      </>
    );
  }

  if (tab === 'files') {
    const parsed = v.safeParse(fileListSchema, {
      status: params.get('status') ?? '',
      keyword: params.get('keyword') ?? '',
      start: params.get('start') ?? '',
      end: params.get('end') ?? '',
      page: params.get('page') ?? '1',
      limit: params.get('limit') ?? '10',
    });
    const q = parsed.success ? parsed.output : v.parse(fileListSchema, {});
    const result = await listSealedFiles(db, member.id, q, view.site.timezone);
    const fileColumns: Column<(typeof result.list)[number]>[] = [
      {
        head: tx.files.name,
        cell: (f) => (
          <>
            {f.name}
            <span className="ledger-ref seal-mono" title={f.sha256}>
              {f.sha256.slice(0, 16)}…
            </span>
          </>
        ),
      },
      { head: tx.files.code, cellClass: 'seal-mono nowrap', cell: (f) => f.code },
      { head: tx.files.pagesCol, headClass: 'num', cellClass: 'num', cell: (f) => f.pages },
      { head: tx.files.seal, cell: (f) => f.seal_name },
      { head: tx.files.stamps, headClass: 'num', cellClass: 'num', cell: (f) => f.stamp_count },
      { head: tx.files.cross, cell: (f) => (f.cross_page ? tx.files.yes : tx.files.no) },
      { head: tx.files.status, cell: (f) => <span className={`seal-status seal-status-${f.status}`}>{tx.statuses[f.status]}</span> },
      { head: tx.files.time, cellClass: 'nowrap', cell: (f) => formatDate(f.created_at, 'YYYY-MM-DD HH:mm', view.timeZone) },
      {
        head: tx.files.action,
        cell: (f) => (
          <div className="seal-inline">
            <a className="btn btn-ghost btn-sm" href={`/userapi/v1/seal/file/download?id=${f.id}`} download>
              {tx.files.download}
            </a>
            <a className="btn btn-ghost btn-sm" href={`/verify?code=${encodeURIComponent(f.code)}`}>
              {tx.files.verify}
            </a>
            {canVoid && f.status === 'sealed' ? (
              <SealAction
                url="/userapi/v1/seal/file/void"
                id={f.id}
                label={tx.files.void}
                field="reason"
                placeholder={tx.files.voidReason}
                requiredMessage={tx.review.reasonRequired}
                target={f.name}
              />
            ) : null}
          </div>
        ),
      },
    ];
    const link = (p: number) => {
      const s = new URLSearchParams({ tab: 'files' });
      for (const k of ['status', 'keyword', 'start', 'end'] as const) if (q[k]) s.set(k, String(q[k]));
      if (q.limit !== 10) s.set('limit', String(q.limit));
      if (p > 1) s.set('page', String(p));
      return `${PATH}?${s}`;
    };
    return (
      <>
        {nav}
        <FilterForm
          action={PATH}
          label={tx.files.filter}
          className="ledger-filters"
          actionsClass="ledger-filter-actions"
          apply={tx.files.filter}
        >
          <input type="hidden" name="tab" value="files" />
          <div className="field">
            <label htmlFor="sf-keyword">{tx.files.keyword}</label>
            <input id="sf-keyword" name="keyword" defaultValue={q.keyword} maxLength={50} />
          </div>
          <div className="field">
            <label htmlFor="sf-status">{tx.files.status}</label>
            <select id="sf-status" name="status" defaultValue={q.status}>
              <option value="">{tx.files.all}</option>
              <option value="sealed">{tx.statuses.sealed}</option>
              <option value="voided">{tx.statuses.voided}</option>
            </select>
          </div>
          <DateRangeFields id="sf" start={q.start} end={q.end} labels={tx.files} />
        </FilterForm>
        <section className="card" aria-labelledby="sf-title">
          <div className="card-head ledger-head">
            <h2 id="sf-title">{tx.files.title}</h2>
            <p className="ledger-totals">{countText(tx.files, result.total)}</p>
          </div>
          {result.list.length === 0 ? (
            <p className="ledger-empty">{tx.files.none}</p>
          ) : (
            <DataTable columns={fileColumns} rows={result.list} rowKey={(f) => f.id} rowAttrs={(f) => ({ 'data-sealed-file': f.id })} />
          )}
          <Pager locale={view.locale} total={result.total} page={q.page} limit={q.limit} href={link} compact />
        </section>
      </>
    );
  }

  const approved = seals.filter((s) => s.status === 'approved');
  return (
    <>
      {nav}
      <section className="card" aria-labelledby="work-title">
        <h2 id="work-title">{tx.work.title}</h2>
        {!canSeal ? null : approved.length === 0 ? (
          <p className="ledger-empty">{tx.work.noSeal}</p>
        ) : (
          <SealWorkbench
            seals={approved.map((s) => ({ id: s.id, name: s.name, company_name: s.company_name, diameter_mm: s.diameter_mm }))}
            rules={view.site.upload}
            lang={view.locale}
            text={{
              pdf: tx.work.pdf,
              seal: tx.work.seal,
              pages: tx.work.pages,
              place: tx.work.place,
              everyPage: tx.work.everyPage,
              crossPage: tx.work.crossPage,
              stamps: tx.work.stamps,
              submit: tx.work.submit,
              working: tx.work.working,
              done: tx.work.done,
              code: tx.work.code,
              sha256: tx.work.sha256,
              download: tx.work.download,
              again: tx.work.again,
              failed: tx.work.failed,
              removeStamp: tx.work.removeStamp,
              stampLabel: tx.work.stampLabel,
            }}
          />
        )}
      </section>
    </>
  );
}

/** /user/file/sealfile (issue #13): seal PDFs with the company's approved seal; history; seals. */
export function SealCentrePage({ query }: { query?: string }) {
  return (
    <PageFrame
      page="user/file/sealfile"
      title={({ view }) => sealText(view.locale).title}
      render={(ctx) => <SealCentre ctx={ctx} query={query ?? ''} />}
    />
  );
}
