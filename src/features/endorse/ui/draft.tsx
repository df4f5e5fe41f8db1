/**
 * Step two of the Add flow: the draft with its items and the forms that change it (effective date,
 * add a person, the roster's remove/replace/correct, import, documents), then Submit or Cancel.
 * Writes go through the API's forms and buttons; the class and date fields show the live estimate.
 */
import { DOCUMENT_KINDS } from '../schemas';
import { endorsementDetail } from '../queries';
import { findVisibleEndorsement } from '../model';
import { ordersPort } from '../roster';
import { rosterPage } from '../views';
import type { ComponentProps } from 'react';
import { ApiButton } from '~/ui/api-button';
import { ApiForm } from '~/ui/api-form';
import { ClassEstimate, DateEstimate } from './estimate';
import { UploadField } from '~/features/upload/ui';
import type { Locale, UploadConfig } from '~/lib/types';
import type { Db } from '~/server/db/client';
import { ItemsTable } from './items';
import { EndorsePreview } from './preview';
import { previewEndorsement } from '../preview';
import { yuan } from '~/lib/format';
import { type EndorseText, fill } from '../texts';
import { Notice } from '~/ui/notice';
import './endorse.css';

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
  const plan = await previewEndorsement(db, userId, e.id, { port: ordersPort, today });
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
            {e.policyNo} {policy ? `· ${locale === 'en' ? policy.planNameEn : policy.planName} · ${policy.start} – ${policy.end}` : ''}
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
            locale={locale}
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
                <strong translate="no">{r.name}</strong> <span className="muted">{r.id_no_masked}</span> · {t.cls} {r.class}
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
                {(['replace', 'correct'] as const).map((kind) => (
                  <PersonChange
                    key={kind}
                    kind={kind}
                    endorseId={e.id}
                    person={r}
                    t={t}
                    classes={classes}
                    estimate={estimate}
                    effective={e.effectiveDate}
                  />
                ))}
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
          <UploadField lang={locale} name="file_id" valueKind="id" topic="endorse" rules={upload} prompt={t.importPrompt} />
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

      <EndorsePreview plan={plan} text={text} id={e.id} />

      <section className="card endorse-submit" aria-labelledby="en-submit">
        <h2 id="en-submit">
          {t.live}: <span data-live-total>{yuan(detail.totals.premium_delta)}</span>
        </h2>
        <p className="muted">{t.submitHint}</p>
        <div className="endorse-form-actions">
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

/** Replace a person by another, or correct their details: a folded inline form with the live estimate. */
function PersonChange({
  kind,
  endorseId,
  person,
  t,
  classes,
  estimate,
  effective,
}: {
  kind: 'replace' | 'correct';
  endorseId: number;
  person: { id: number; class: number };
  t: EndorseText['add'];
  classes: number[];
  estimate: Pick<ComponentProps<typeof ClassEstimate>, 'premiums' | 'period' | 'items' | 'labels'>;
  effective: string;
}) {
  const replace = kind === 'replace';
  const [button, name, idNo, cls] = replace ? [t.replaceBtn, t.name, t.idNo, t.cls] : [t.correctBtn, t.newName, t.newId, t.newClass];
  return (
    <details>
      <summary className="btn btn-ghost btn-sm">{button}</summary>
      <ApiForm
        url="/userapi/v1/endorse/item"
        extra={{ id: endorseId, kind, insured_id: person.id }}
        submitLabel={button}
        className="endorse-inline"
        submitClass="btn btn-primary btn-sm"
      >
        <input name="name" maxLength={30} placeholder={name} aria-label={name} />
        <input name="id_no" maxLength={18} placeholder={idNo} aria-label={idNo} autoComplete="off" />
        <ClassEstimate
          id={`en-${replace ? 'rc' : 'cc'}-${person.id}`}
          name="occupation_class"
          label={cls}
          hideLabel
          classes={classes}
          kind={kind}
          from={person.class}
          withEmpty={!replace}
          effective={effective}
          {...estimate}
        />
      </ApiForm>
    </details>
  );
}
