/**
 * The policy page's "Proof of cover" card (orders' detail page renders it): issue a certificate
 * for a day (the kit's DateField, default today, kept in the policy period) and, optionally, only
 * some of the people covered; the certificates issued on this policy with Download and Revoke
 * (confirmed). Writes go through the kit's ApiForm (JSON to /userapi/v1/cover/…, then the page
 * renders again).
 */
import type { OrderRecord } from '~/features/orders';
import { formatDate } from '~/lib/format';
import type { Locale } from '~/lib/types';
import { getDb } from '~/server/db/client';
import { ApiForm } from '~/ui/api-form';
import { CardSection } from '~/ui/card-section';
import { type Column, DataTable } from '~/ui/data-table';
import { DateField } from '~/ui/date-field';
import { canIssue, type CoverCertificate, certificateCode, listCertificates } from '../certificates';
import { coverText, fill } from '../texts';
import './cover.css';

/** Rows shown in the people picker (a bigger roster: issue for everyone, or narrow it by day first). */
const PICKER_MAX = 300;

export async function CoverCard({
  order,
  userId,
  today,
  locale,
  timeZone,
}: {
  order: OrderRecord;
  userId: number;
  today: string;
  locale: Locale;
  timeZone: string;
}) {
  if (!order.namedList || !order.policyNo) return null;
  const db = getDb();
  const tx = coverText(locale).card;
  const { list } = await listCertificates(db, userId, order.id);
  // The member may read the check code out to whoever asks; the table stores only its hash.
  const codes = new Map(await Promise.all(list.map(async (c) => [c.id, await certificateCode(db, c)] as const)));
  const open = canIssue(order, today);
  if (!open && !list.length) return null;
  const day = today < order.startDate ? order.startDate : today > order.endDate ? order.endDate : today;
  const people = open
    ? await db.sql`SELECT id, name, id_no FROM order_insured WHERE order_id = ${order.id}
        AND active_from <= ${day} AND active_to >= ${day} ORDER BY id LIMIT ${PICKER_MAX + 1}`
    : [];
  const mask = (id: string) => (id.length > 7 ? `${id.slice(0, 3)}${'*'.repeat(id.length - 7)}${id.slice(-4)}` : id);
  const columns: Column<CoverCertificate>[] = [
    { head: tx.colDay, label: tx.colDay, cell: (c) => c.day, rowHeader: true },
    { head: tx.colPeople, label: tx.colPeople, cell: (c) => fill(tx.peopleCount, { n: c.people.length }) },
    {
      head: tx.colCode,
      label: tx.colCode,
      cell: (c) => (
        <span className="cover-code" translate="no" data-cover-code>
          {codes.get(c.id)}
        </span>
      ),
    },
    { head: tx.colCreated, label: tx.colCreated, cell: (c) => formatDate(c.createdAt, 'YYYY-MM-DD HH:mm', timeZone) },
    {
      head: tx.colStatus,
      label: tx.colStatus,
      cell: (c) => (
        <span className={c.revokedAt ? 'badge' : 'badge badge-ok'} data-cover-status={c.revokedAt ? 'revoked' : 'valid'}>
          {c.revokedAt ? tx.status.revoked : tx.status.valid}
        </span>
      ),
    },
    {
      head: tx.colActions,
      cell: (c) => (
        <div className="cover-actions">
          <a
            className="btn btn-ghost btn-sm"
            href={`/userapi/v1/cover/pdf?id=${c.id}`}
            download
            data-action="cover-pdf"
            aria-label={fill(tx.downloadLabel, { day: c.day })}
          >
            {tx.download}
          </a>
          <a
            className="btn btn-ghost btn-sm"
            href={`/verify/cover?code=${codes.get(c.id)}`}
            target="_blank"
            rel="noopener"
            data-action="cover-check"
          >
            {tx.check}
          </a>
          {c.revokedAt ? null : (
            <ApiForm
              url="/userapi/v1/cover/revoke"
              extra={{ id: c.id }}
              submitLabel={tx.revoke}
              submitClass="btn btn-ghost btn-sm cover-revoke-btn"
              className="cover-revoke"
              confirmText={tx.revokeConfirm}
              ariaLabel={fill(tx.revokeLabel, { day: c.day })}
            />
          )}
        </div>
      ),
    },
  ];
  return (
    <CardSection id="od-cover" title={tx.title} className="order-wide cover-card">
      <p className="order-sub cover-lead">{tx.lead}</p>
      {open ? (
        <ApiForm
          url="/userapi/v1/cover/create"
          extra={{ order_id: order.id }}
          submitLabel={tx.issue}
          className="endorse-form cover-issue"
          ariaLabel={tx.issue}
        >
          <input type="hidden" name="request_id" value="*" />
          <div className="field cover-day">
            <label htmlFor="cover-day">{tx.day}</label>
            <DateField id="cover-day" name="day" locale={locale} defaultValue={day} min={order.startDate} max={order.endDate} required />
          </div>
          <details className="cover-people">
            <summary>
              {tx.people}: <span>{fill(tx.peopleAll, { n: people.length > PICKER_MAX ? `${PICKER_MAX}+` : people.length })}</span>
            </summary>
            <p className="order-sub">
              {tx.peopleHint} {fill(tx.peopleDayNote, { day })}
            </p>
            <fieldset className="cover-people-list">
              <legend className="sr-only">{tx.peoplePick}</legend>
              {people.slice(0, PICKER_MAX).map((p: Record<string, unknown>) => (
                <label key={String(p.id)} className="cover-person">
                  <input type="checkbox" name="insured_ids" value={String(p.id)} />
                  <span translate="no">{String(p.name)}</span>
                  <span className="order-sub" translate="no">
                    {mask(String(p.id_no))}
                  </span>
                </label>
              ))}
            </fieldset>
          </details>
        </ApiForm>
      ) : (
        <p className="order-sub">{tx.notInForce}</p>
      )}
      <h3 className="cover-list-title">{tx.list}</h3>
      {list.length ? (
        <DataTable
          className="cover-table"
          columns={columns}
          rows={list}
          rowKey={(c) => c.id}
          rowAttrs={(c) => ({ 'data-cover-id': c.id })}
        />
      ) : (
        <p className="order-sub" data-cover-empty>
          {tx.none}
        </p>
      )}
    </CardSection>
  );
}
